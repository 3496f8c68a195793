import type { IdpLocaleCatalog } from '../catalog.ts';

/**
 * Simplified Chinese: the consent element's words (format: ../catalog.ts). Written for this widget; not yet
 * reviewed by a native speaker (README).
 */
const zhCN: IdpLocaleCatalog = {
  'idpConsent.allowClientTo': '允许 {clientName}:',
  'idpConsent.button.allow': '允许',
  'idpConsent.button.deny': '拒绝',
  'idpConsent.customScopes.title': '{clientName} 想要访问你的 {projectName} 帐户',
  'idpConsent.defaultClientName': '该应用',
  'idpConsent.denied': '已拒绝访问该应用。',
  'idpConsent.noActiveSession': '未检测到有效会话。请登录以继续。',
  'idpConsent.noPermissionsToGrant': '你无权授予 {clientName} 访问部分所请求范围的权限。',
  'idpConsent.signIn.title': '使用 {projectName} 登录 {clientName}',
  'idpLogout.confirmMessage': '确定要退出你的 {projectName} 帐户吗?',
  'idpLogout.no': '否',
  'idpLogout.notLoggedOut': '你尚未退出。可以关闭此页面。',
  'idpLogout.title': '退出登录?',
  'idpLogout.yes': '是',
  'idpConsent.requesting': '{clientName} 请求:',
  'idpConsent.scope.openid': '验证你的身份',
  'idpConsent.scope.openid.detail': '查看你帐户中存储的信息',
  'idpConsent.scope.profile': '查看你的个人资料信息',
  'idpConsent.scope.profile.name': '你的姓名、头像和语言偏好',
  'idpConsent.scope.email': '你的电子邮件地址',
  'idpConsent.scope.phone': '你的电话号码',
  'idpConsent.scope.offlineAccess': '即使你未在使用该应用,也保持对你数据的访问',
  'idpConsent.scope.offlineAccess.offline': '在你离线时访问你的数据。',
  'idpConsent.scope.offlineAccess.background': '代表你同步数据并处理后台任务。',
  'idpConsent.scope.fullAccess': '代表你执行操作',
  'idpConsent.scope.custom': '使用 {scope} 范围',
  'idpConsent.redirectHost': '选择后,你将被转到 <bold>{host}</bold>。',
  'idpConsent.missingParam': '缺少必需参数:{field}。请联系应用开发者。',
  'idpConsent.loading': '正在加载…',
  'idpConsent.redirecting': '正在跳转…',
  'error.connectedAppNotAllowedForOrg': '您的组织不允许使用此应用。组织管理员可以允许使用。',
};

export default zhCN;
