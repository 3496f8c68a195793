import type { IdpLocaleCatalog } from '../catalog.ts';

/**
 * French: the consent element's words (format: ../catalog.ts). Written for this widget; not yet
 * reviewed by a native speaker (README).
 */
const fr: IdpLocaleCatalog = {
  'idpConsent.allowClientTo': 'Autoriser {clientName} à :',
  'idpConsent.button.allow': 'Autoriser',
  'idpConsent.button.deny': 'Refuser',
  'idpConsent.customScopes.title': '{clientName} souhaite accéder à votre compte {projectName}',
  'idpConsent.defaultClientName': 'L’application',
  'idpConsent.denied': 'L’accès à l’application a été refusé.',
  'idpConsent.noActiveSession': 'Aucune session active. Veuillez vous connecter pour continuer.',
  'idpConsent.noPermissionsToGrant': 'Vous n’avez pas l’autorisation d’accorder à {clientName} l’accès à certaines des autorisations demandées.',
  'idpConsent.signIn.title': 'Se connecter à {clientName} avec {projectName}',
  'idpLogout.confirmMessage': 'Voulez-vous vraiment vous déconnecter de votre compte {projectName} ?',
  'idpLogout.no': 'Non',
  'idpLogout.notLoggedOut': 'Vous n’avez pas été déconnecté. Vous pouvez fermer cette page.',
  'idpLogout.title': 'Se déconnecter ?',
  'idpLogout.yes': 'Oui',
  'idpConsent.requesting': '{clientName} demande à :',
  'idpConsent.scope.openid': 'Vérifier votre identité',
  'idpConsent.scope.openid.detail': 'Voir les informations enregistrées dans votre compte',
  'idpConsent.scope.profile': 'Voir les informations de votre profil',
  'idpConsent.scope.profile.name': 'Votre nom, votre photo de profil et vos préférences de langue',
  'idpConsent.scope.email': 'Votre adresse e-mail',
  'idpConsent.scope.phone': 'Votre numéro de téléphone',
  'idpConsent.scope.offlineAccess': 'Garder l’accès à vos données même lorsque vous n’utilisez pas l’application',
  'idpConsent.scope.offlineAccess.offline': 'Accéder à vos données même lorsque vous êtes hors ligne.',
  'idpConsent.scope.offlineAccess.background': 'Synchroniser les données et effectuer des tâches en arrière-plan pour vous.',
  'idpConsent.scope.fullAccess': 'Agir en votre nom',
  'idpConsent.scope.custom': 'Utiliser l’autorisation {scope}',
  'idpConsent.redirectHost': 'Après votre choix, vous serez redirigé vers <bold>{host}</bold>.',
  'idpConsent.missingParam': 'Un paramètre obligatoire est manquant : {field}. Veuillez contacter le développeur de l’application.',
  'idpConsent.loading': 'Chargement…',
  'idpConsent.redirecting': 'Redirection…',
  'error.connectedAppNotAllowedForOrg': 'Votre organisation n’autorise pas cette application. Un administrateur de votre organisation peut l’autoriser.',
};

export default fr;
