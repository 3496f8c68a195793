import type { IdpLocaleCatalog } from '../catalog.ts';

/**
 * Italian: the consent element's words (format: ../catalog.ts). Written for this widget; not yet
 * reviewed by a native speaker (README).
 */
const it: IdpLocaleCatalog = {
  'idpConsent.allowClientTo': 'Consenti a {clientName} di:',
  'idpConsent.button.allow': 'Consenti',
  'idpConsent.button.deny': 'Nega',
  'idpConsent.customScopes.title': '{clientName} vuole accedere al tuo account {projectName}',
  'idpConsent.defaultClientName': 'L’app',
  'idpConsent.denied': 'L’accesso all’applicazione è stato negato.',
  'idpConsent.noActiveSession': 'Nessuna sessione attiva. Accedi per continuare.',
  'idpConsent.noPermissionsToGrant': 'Non hai i permessi per concedere a {clientName} l’accesso ad alcuni degli ambiti richiesti.',
  'idpConsent.signIn.title': 'Accedi a {clientName} con {projectName}',
  'idpLogout.confirmMessage': 'Vuoi davvero uscire dal tuo account {projectName}?',
  'idpLogout.no': 'No',
  'idpLogout.notLoggedOut': 'Non sei stato disconnesso. Puoi chiudere questa pagina.',
  'idpLogout.title': 'Uscire?',
  'idpLogout.yes': 'Sì',
  'idpConsent.requesting': '{clientName} chiede di:',
  'idpConsent.scope.openid': 'Verificare la tua identità',
  'idpConsent.scope.openid.detail': 'Vedere le informazioni salvate nel tuo account',
  'idpConsent.scope.profile': 'Vedere le informazioni del tuo profilo',
  'idpConsent.scope.profile.name': 'Il tuo nome, la foto del profilo e le preferenze di lingua',
  'idpConsent.scope.email': 'Il tuo indirizzo email',
  'idpConsent.scope.phone': 'Il tuo numero di telefono',
  'idpConsent.scope.offlineAccess': 'Mantenere l’accesso ai tuoi dati anche quando non usi l’app',
  'idpConsent.scope.offlineAccess.offline': 'Accedere ai tuoi dati anche quando sei offline.',
  'idpConsent.scope.offlineAccess.background': 'Sincronizzare i dati ed eseguire attività in background per tuo conto.',
  'idpConsent.scope.fullAccess': 'Agire per tuo conto',
  'idpConsent.scope.custom': 'Usare l’ambito {scope}',
  'idpConsent.redirectHost': 'Dopo la tua scelta verrai indirizzato a <bold>{host}</bold>.',
  'idpConsent.missingParam': 'Manca un parametro obbligatorio: {field}. Contatta lo sviluppatore dell’applicazione.',
  'idpConsent.loading': 'Caricamento…',
  'idpConsent.redirecting': 'Reindirizzamento…',
  'error.connectedAppNotAllowedForOrg': 'La tua organizzazione non consente questa app. Un amministratore della tua organizzazione può consentirla.',
};

export default it;
