import type { IdpLocaleCatalog } from '../catalog.ts';

/**
 * Spanish: the consent element's words (format: ../catalog.ts). Written for this widget; not yet
 * reviewed by a native speaker (README).
 */
const es: IdpLocaleCatalog = {
  'idpConsent.allowClientTo': 'Permitir que {clientName}:',
  'idpConsent.button.allow': 'Permitir',
  'idpConsent.button.deny': 'Denegar',
  'idpConsent.customScopes.title': '{clientName} quiere acceder a tu cuenta de {projectName}',
  'idpConsent.defaultClientName': 'La aplicación',
  'idpConsent.denied': 'Se denegó el acceso a la aplicación.',
  'idpConsent.noActiveSession': 'No se detectó ninguna sesión activa. Inicia sesión para continuar.',
  'idpConsent.noPermissionsToGrant': 'No tienes permiso para conceder a {clientName} acceso a algunos de los permisos solicitados.',
  'idpConsent.signIn.title': 'Inicia sesión en {clientName} con {projectName}',
  'idpLogout.confirmMessage': '¿Seguro que quieres cerrar sesión en tu cuenta de {projectName}?',
  'idpLogout.no': 'No',
  'idpLogout.notLoggedOut': 'No se ha cerrado tu sesión. Puedes cerrar esta página.',
  'idpLogout.title': '¿Cerrar sesión?',
  'idpLogout.yes': 'Sí',
  'idpConsent.requesting': '{clientName} solicita:',
  'idpConsent.scope.openid': 'Verificar tu identidad',
  'idpConsent.scope.openid.detail': 'Ver la información guardada en tu cuenta',
  'idpConsent.scope.profile': 'Ver la información de tu perfil',
  'idpConsent.scope.profile.name': 'Tu nombre, foto de perfil y preferencias de idioma',
  'idpConsent.scope.email': 'Tu dirección de correo electrónico',
  'idpConsent.scope.phone': 'Tu número de teléfono',
  'idpConsent.scope.offlineAccess': 'Mantener el acceso a tus datos aunque no estés usando la aplicación',
  'idpConsent.scope.offlineAccess.offline': 'Acceder a tus datos aunque estés sin conexión.',
  'idpConsent.scope.offlineAccess.background': 'Sincronizar datos y realizar tareas en segundo plano por ti.',
  'idpConsent.scope.fullAccess': 'Actuar en tu nombre',
  'idpConsent.scope.custom': 'Usar el permiso {scope}',
  'idpConsent.redirectHost': 'Después de elegir, irás a <bold>{host}</bold>.',
  'idpConsent.missingParam': 'Falta un parámetro obligatorio: {field}. Ponte en contacto con el desarrollador de la aplicación.',
  'idpConsent.loading': 'Cargando…',
  'idpConsent.redirecting': 'Redirigiendo…',
  'error.connectedAppNotAllowedForOrg': 'Tu organización no permite esta aplicación. Un administrador de tu organización puede permitirla.',
};

export default es;
