import type { IdpLocaleCatalog } from '../catalog.ts';

/**
 * Polish: the consent element's words (format: ../catalog.ts). Written for this widget; not yet
 * reviewed by a native speaker (README).
 */
const pl: IdpLocaleCatalog = {
  'idpConsent.allowClientTo': 'Zezwól aplikacji {clientName} na:',
  'idpConsent.button.allow': 'Zezwól',
  'idpConsent.button.deny': 'Odmów',
  'idpConsent.customScopes.title': '{clientName} chce uzyskać dostęp do Twojego konta {projectName}',
  'idpConsent.defaultClientName': 'Aplikacja',
  'idpConsent.denied': 'Odmówiono dostępu do aplikacji.',
  'idpConsent.noActiveSession': 'Nie wykryto aktywnej sesji. Zaloguj się, aby kontynuować.',
  'idpConsent.noPermissionsToGrant': 'Nie masz uprawnień, aby przyznać aplikacji {clientName} dostęp do niektórych żądanych zakresów.',
  'idpConsent.signIn.title': 'Zaloguj się do {clientName} przez {projectName}',
  'idpLogout.confirmMessage': 'Czy na pewno chcesz wylogować się z konta {projectName}?',
  'idpLogout.no': 'Nie',
  'idpLogout.notLoggedOut': 'Nie wylogowano Cię. Możesz zamknąć tę stronę.',
  'idpLogout.title': 'Wylogować się?',
  'idpLogout.yes': 'Tak',
  'idpConsent.requesting': '{clientName} prosi o:',
  'idpConsent.scope.openid': 'Potwierdzenie Twojej tożsamości',
  'idpConsent.scope.openid.detail': 'Wgląd w informacje zapisane na Twoim koncie',
  'idpConsent.scope.profile': 'Wgląd w informacje z Twojego profilu',
  'idpConsent.scope.profile.name': 'Twoje imię i nazwisko, zdjęcie profilowe i preferencje językowe',
  'idpConsent.scope.email': 'Twój adres e-mail',
  'idpConsent.scope.phone': 'Twój numer telefonu',
  'idpConsent.scope.offlineAccess': 'Dostęp do Twoich danych także wtedy, gdy nie korzystasz z aplikacji',
  'idpConsent.scope.offlineAccess.offline': 'Dostęp do danych także wtedy, gdy jesteś offline.',
  'idpConsent.scope.offlineAccess.background': 'Synchronizację danych i zadania w tle w Twoim imieniu.',
  'idpConsent.scope.fullAccess': 'Działanie w Twoim imieniu',
  'idpConsent.scope.custom': 'Użycie zakresu {scope}',
  'idpConsent.redirectHost': 'Po wyborze przejdziesz do <bold>{host}</bold>.',
  'idpConsent.missingParam': 'Brak wymaganego parametru: {field}. Skontaktuj się z twórcą aplikacji.',
  'idpConsent.loading': 'Ładowanie…',
  'idpConsent.redirecting': 'Przekierowywanie…',
  'error.connectedAppNotAllowedForOrg': 'Twoja organizacja nie zezwala na tę aplikację. Administrator organizacji może na nią zezwolić.',
};

export default pl;
