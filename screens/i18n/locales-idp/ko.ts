import type { IdpLocaleCatalog } from '../catalog.ts';

/**
 * Korean: the consent element's words (format: ../catalog.ts). Written for this widget; not yet
 * reviewed by a native speaker (README).
 */
const ko: IdpLocaleCatalog = {
  'idpConsent.allowClientTo': '{clientName}에 다음을 허용:',
  'idpConsent.button.allow': '허용',
  'idpConsent.button.deny': '거부',
  'idpConsent.customScopes.title': '{clientName}이(가) {projectName} 계정에 액세스하려고 합니다',
  'idpConsent.defaultClientName': '앱',
  'idpConsent.denied': '애플리케이션에 대한 액세스가 거부되었습니다.',
  'idpConsent.noActiveSession': '활성 세션이 없습니다. 계속하려면 로그인하세요.',
  'idpConsent.noPermissionsToGrant': '요청된 일부 범위에 대해 {clientName}에 액세스 권한을 부여할 수 없습니다.',
  'idpConsent.signIn.title': '{projectName}(으)로 {clientName}에 로그인',
  'idpLogout.confirmMessage': '{projectName} 계정에서 로그아웃하시겠습니까?',
  'idpLogout.no': '아니요',
  'idpLogout.notLoggedOut': '로그아웃되지 않았습니다. 이 페이지를 닫아도 됩니다.',
  'idpLogout.title': '로그아웃할까요?',
  'idpLogout.yes': '예',
  'idpConsent.requesting': '{clientName}이(가) 요청하는 권한:',
  'idpConsent.scope.openid': '본인 확인',
  'idpConsent.scope.openid.detail': '계정에 저장된 정보 보기',
  'idpConsent.scope.profile': '프로필 정보 보기',
  'idpConsent.scope.profile.name': '이름, 프로필 사진, 언어 설정',
  'idpConsent.scope.email': '이메일 주소',
  'idpConsent.scope.phone': '전화번호',
  'idpConsent.scope.offlineAccess': '앱을 사용하지 않을 때도 데이터에 대한 액세스 유지',
  'idpConsent.scope.offlineAccess.offline': '오프라인일 때도 데이터에 액세스합니다.',
  'idpConsent.scope.offlineAccess.background': '데이터를 동기화하고 백그라운드 작업을 대신 처리합니다.',
  'idpConsent.scope.fullAccess': '사용자를 대신하여 작업',
  'idpConsent.scope.custom': '{scope} 범위 사용',
  'idpConsent.redirectHost': '선택 후 <bold>{host}</bold>(으)로 이동합니다.',
  'idpConsent.missingParam': '필수 매개변수가 없습니다: {field}. 애플리케이션 개발자에게 문의하세요.',
  'idpConsent.loading': '로드 중…',
  'idpConsent.redirecting': '리디렉션 중…',
  'error.connectedAppNotAllowedForOrg': '조직에서 이 앱을 허용하지 않습니다. 조직 관리자가 허용할 수 있습니다.',
};

export default ko;
