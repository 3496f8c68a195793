import type { IdpLocaleCatalog } from '../catalog.ts';

/**
 * Arabic: the consent element's words (format: ../catalog.ts). Written for this widget; not yet
 * reviewed by a native speaker (README).
 */
const ar: IdpLocaleCatalog = {
  'idpConsent.allowClientTo': 'السماح لـ {clientName} بما يلي:',
  'idpConsent.button.allow': 'سماح',
  'idpConsent.button.deny': 'رفض',
  'idpConsent.customScopes.title': 'يريد {clientName} الوصول إلى حسابك في {projectName}',
  'idpConsent.defaultClientName': 'التطبيق',
  'idpConsent.denied': 'تم رفض الوصول إلى التطبيق.',
  'idpConsent.noActiveSession': 'لم يتم العثور على جلسة نشطة. يُرجى تسجيل الدخول للمتابعة.',
  'idpConsent.noPermissionsToGrant': 'ليس لديك صلاحية منح {clientName} الوصول إلى بعض النطاقات المطلوبة.',
  'idpConsent.signIn.title': 'تسجيل الدخول إلى {clientName} باستخدام {projectName}',
  'idpLogout.confirmMessage': 'هل تريد بالتأكيد تسجيل الخروج من حسابك في {projectName}؟',
  'idpLogout.no': 'لا',
  'idpLogout.notLoggedOut': 'لم يتم تسجيل خروجك. يمكنك إغلاق هذه الصفحة.',
  'idpLogout.title': 'تسجيل الخروج؟',
  'idpLogout.yes': 'نعم',
  'idpConsent.requesting': 'يطلب {clientName} ما يلي:',
  'idpConsent.scope.openid': 'التحقق من هويتك',
  'idpConsent.scope.openid.detail': 'عرض المعلومات المخزنة في حسابك',
  'idpConsent.scope.profile': 'عرض معلومات ملفك الشخصي',
  'idpConsent.scope.profile.name': 'اسمك وصورة ملفك الشخصي وتفضيلات اللغة',
  'idpConsent.scope.email': 'عنوان بريدك الإلكتروني',
  'idpConsent.scope.phone': 'رقم هاتفك',
  'idpConsent.scope.offlineAccess': 'الاحتفاظ بالوصول إلى بياناتك حتى عندما لا تستخدم التطبيق',
  'idpConsent.scope.offlineAccess.offline': 'الوصول إلى بياناتك حتى وأنت غير متصل.',
  'idpConsent.scope.offlineAccess.background': 'مزامنة البيانات وتنفيذ المهام في الخلفية نيابةً عنك.',
  'idpConsent.scope.fullAccess': 'التصرف نيابةً عنك',
  'idpConsent.scope.custom': 'استخدام النطاق {scope}',
  'idpConsent.redirectHost': 'بعد اختيارك، سيتم توجيهك إلى <bold>{host}</bold>.',
  'idpConsent.missingParam': 'معامل مطلوب مفقود: {field}. يُرجى التواصل مع مطوّر التطبيق.',
  'idpConsent.loading': 'جارٍ التحميل…',
  'idpConsent.redirecting': 'جارٍ إعادة التوجيه…',
  'error.connectedAppNotAllowedForOrg': 'مؤسستك لا تسمح بهذا التطبيق. يمكن لمسؤول في مؤسستك السماح به.',
};

export default ar;
