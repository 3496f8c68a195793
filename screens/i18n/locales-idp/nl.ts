import type { IdpLocaleCatalog } from '../catalog.ts';

/**
 * Dutch: the consent element's words (format: ../catalog.ts). Written for this widget; not yet
 * reviewed by a native speaker (README).
 */
const nl: IdpLocaleCatalog = {
  'idpConsent.allowClientTo': '{clientName} toestaan om:',
  'idpConsent.button.allow': 'Toestaan',
  'idpConsent.button.deny': 'Weigeren',
  'idpConsent.customScopes.title': '{clientName} wil toegang tot je {projectName}-account',
  'idpConsent.defaultClientName': 'De app',
  'idpConsent.denied': 'Toegang tot de applicatie is geweigerd.',
  'idpConsent.noActiveSession': 'Geen actieve sessie gevonden. Log in om verder te gaan.',
  'idpConsent.noPermissionsToGrant': 'Je hebt geen rechten om {clientName} toegang te geven tot sommige van de gevraagde bereiken.',
  'idpConsent.signIn.title': 'Inloggen bij {clientName} met {projectName}',
  'idpLogout.confirmMessage': 'Weet je zeker dat je wilt uitloggen van je {projectName}-account?',
  'idpLogout.no': 'Nee',
  'idpLogout.notLoggedOut': 'Je bent niet uitgelogd. Je kunt deze pagina sluiten.',
  'idpLogout.title': 'Uitloggen?',
  'idpLogout.yes': 'Ja',
  'idpConsent.requesting': '{clientName} vraagt om:',
  'idpConsent.scope.openid': 'Je identiteit bevestigen',
  'idpConsent.scope.openid.detail': 'Informatie in je account bekijken',
  'idpConsent.scope.profile': 'Je profielgegevens bekijken',
  'idpConsent.scope.profile.name': 'Je naam, profielfoto en taalvoorkeuren',
  'idpConsent.scope.email': 'Je e-mailadres',
  'idpConsent.scope.phone': 'Je telefoonnummer',
  'idpConsent.scope.offlineAccess': 'Toegang tot je gegevens houden, ook als je de app niet gebruikt',
  'idpConsent.scope.offlineAccess.offline': 'Je gegevens gebruiken, ook als je offline bent.',
  'idpConsent.scope.offlineAccess.background': 'Gegevens synchroniseren en achtergrondtaken voor je uitvoeren.',
  'idpConsent.scope.fullAccess': 'Namens jou handelen',
  'idpConsent.scope.custom': 'Het bereik {scope} gebruiken',
  'idpConsent.redirectHost': 'Na je keuze ga je naar <bold>{host}</bold>.',
  'idpConsent.missingParam': 'Er ontbreekt een verplichte parameter: {field}. Neem contact op met de ontwikkelaar van de applicatie.',
  'idpConsent.loading': 'Laden…',
  'idpConsent.redirecting': 'Doorsturen…',
  'error.connectedAppNotAllowedForOrg': 'Uw organisatie staat deze app niet toe. Een beheerder van uw organisatie kan deze toestaan.',
};

export default nl;
