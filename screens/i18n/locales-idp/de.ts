import type { IdpLocaleCatalog } from '../catalog.ts';

/**
 * German: the consent element's words (format: ../catalog.ts). Written for this widget; not yet
 * reviewed by a native speaker (README).
 */
const de: IdpLocaleCatalog = {
  'idpConsent.allowClientTo': '{clientName} erlauben:',
  'idpConsent.button.allow': 'Zulassen',
  'idpConsent.button.deny': 'Ablehnen',
  'idpConsent.customScopes.title': '{clientName} möchte auf Ihr {projectName}-Konto zugreifen',
  'idpConsent.defaultClientName': 'Die App',
  'idpConsent.denied': 'Der Zugriff auf die Anwendung wurde abgelehnt.',
  'idpConsent.noActiveSession': 'Keine aktive Sitzung gefunden. Bitte melden Sie sich an, um fortzufahren.',
  'idpConsent.noPermissionsToGrant': 'Sie sind nicht berechtigt, {clientName} Zugriff auf einige der angeforderten Bereiche zu gewähren.',
  'idpConsent.signIn.title': 'Mit {projectName} bei {clientName} anmelden',
  'idpLogout.confirmMessage': 'Möchten Sie sich wirklich von Ihrem {projectName}-Konto abmelden?',
  'idpLogout.no': 'Nein',
  'idpLogout.notLoggedOut': 'Sie wurden nicht abgemeldet. Sie können diese Seite schließen.',
  'idpLogout.title': 'Abmelden?',
  'idpLogout.yes': 'Ja',
  'idpConsent.requesting': '{clientName} möchte:',
  'idpConsent.scope.openid': 'Ihre Identität bestätigen',
  'idpConsent.scope.openid.detail': 'In Ihrem Konto gespeicherte Informationen ansehen',
  'idpConsent.scope.profile': 'Ihre persönlichen Profilinformationen ansehen',
  'idpConsent.scope.profile.name': 'Ihr Name, Profilbild und Ihre Spracheinstellungen',
  'idpConsent.scope.email': 'Ihre E-Mail-Adresse',
  'idpConsent.scope.phone': 'Ihre Telefonnummer',
  'idpConsent.scope.offlineAccess': 'Auf Ihre Daten zugreifen, auch wenn Sie die App gerade nicht verwenden',
  'idpConsent.scope.offlineAccess.offline': 'Auf Ihre Daten zugreifen, auch wenn Sie offline sind.',
  'idpConsent.scope.offlineAccess.background': 'Daten synchronisieren und Hintergrundaufgaben für Sie ausführen.',
  'idpConsent.scope.fullAccess': 'In Ihrem Namen handeln',
  'idpConsent.scope.custom': 'Den Bereich {scope} verwenden',
  'idpConsent.redirectHost': 'Nach Ihrer Wahl werden Sie zu <bold>{host}</bold> weitergeleitet.',
  'idpConsent.missingParam': 'Ein erforderlicher Parameter fehlt: {field}. Bitte wenden Sie sich an den Entwickler der Anwendung.',
  'idpConsent.loading': 'Wird geladen…',
  'idpConsent.redirecting': 'Weiterleitung…',
  'error.connectedAppNotAllowedForOrg': 'Ihre Organisation lässt diese App nicht zu. Ein Administrator Ihrer Organisation kann sie zulassen.',
};

export default de;
