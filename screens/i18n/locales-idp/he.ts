import type { IdpLocaleCatalog } from '../catalog.ts';

/**
 * Hebrew: the consent element's words (format: ../catalog.ts). Written for this widget; not yet
 * reviewed by a native speaker (README).
 */
const he: IdpLocaleCatalog = {
  'idpConsent.allowClientTo': 'לאפשר ל-{clientName}:',
  'idpConsent.button.allow': 'אישור',
  'idpConsent.button.deny': 'דחייה',
  'idpConsent.customScopes.title': '{clientName} מבקש גישה לחשבון {projectName} שלך',
  'idpConsent.defaultClientName': 'האפליקציה',
  'idpConsent.denied': 'הגישה לאפליקציה נדחתה.',
  'idpConsent.noActiveSession': 'לא נמצא סשן פעיל. יש להתחבר כדי להמשיך.',
  'idpConsent.noPermissionsToGrant': 'אין לך הרשאה להעניק ל-{clientName} גישה לחלק מההרשאות המבוקשות.',
  'idpConsent.signIn.title': 'התחברות ל-{clientName} באמצעות {projectName}',
  'idpLogout.confirmMessage': 'בטוח שברצונך להתנתק מחשבון {projectName} שלך?',
  'idpLogout.no': 'לא',
  'idpLogout.notLoggedOut': 'לא נותקת. אפשר לסגור את הדף.',
  'idpLogout.title': 'להתנתק?',
  'idpLogout.yes': 'כן',
  'idpConsent.requesting': '{clientName} מבקש:',
  'idpConsent.scope.openid': 'אימות הזהות שלך',
  'idpConsent.scope.openid.detail': 'צפייה במידע השמור בחשבון שלך',
  'idpConsent.scope.profile': 'צפייה בפרטי הפרופיל שלך',
  'idpConsent.scope.profile.name': 'השם, תמונת הפרופיל והעדפות השפה שלך',
  'idpConsent.scope.email': 'כתובת האימייל שלך',
  'idpConsent.scope.phone': 'מספר הטלפון שלך',
  'idpConsent.scope.offlineAccess': 'שמירת גישה לנתונים שלך גם כשאינך משתמש באפליקציה',
  'idpConsent.scope.offlineAccess.offline': 'גישה לנתונים שלך גם כשאינך מחובר.',
  'idpConsent.scope.offlineAccess.background': 'סנכרון נתונים וביצוע משימות ברקע בשמך.',
  'idpConsent.scope.fullAccess': 'פעולה בשמך',
  'idpConsent.scope.custom': 'שימוש בהרשאה {scope}',
  'idpConsent.redirectHost': 'לאחר הבחירה תועבר אל <bold>{host}</bold>.',
  'idpConsent.missingParam': 'חסר פרמטר חובה: {field}. יש לפנות למפתח האפליקציה.',
  'idpConsent.loading': 'טוען…',
  'idpConsent.redirecting': 'מעביר…',
  'error.connectedAppNotAllowedForOrg': 'הארגון שלך אינו מאפשר את האפליקציה הזו. מנהל בארגון שלך יכול לאפשר אותה.',
};

export default he;
