import type { IdpLocaleCatalog } from '../catalog.ts';

/**
 * Japanese: the consent element's words (format: ../catalog.ts). Written for this widget; not yet
 * reviewed by a native speaker (README).
 */
const ja: IdpLocaleCatalog = {
  'idpConsent.allowClientTo': '{clientName} に以下を許可します:',
  'idpConsent.button.allow': '許可',
  'idpConsent.button.deny': '拒否',
  'idpConsent.customScopes.title': '{clientName} が {projectName} アカウントへのアクセスを求めています',
  'idpConsent.defaultClientName': 'アプリ',
  'idpConsent.denied': 'アプリケーションへのアクセスは拒否されました。',
  'idpConsent.noActiveSession': '有効なセッションがありません。続行するにはログインしてください。',
  'idpConsent.noPermissionsToGrant': '要求されたスコープの一部について、{clientName} にアクセスを許可する権限がありません。',
  'idpConsent.signIn.title': '{projectName} で {clientName} にサインイン',
  'idpLogout.confirmMessage': '{projectName} アカウントからログアウトしますか?',
  'idpLogout.no': 'いいえ',
  'idpLogout.notLoggedOut': 'ログアウトしていません。このページを閉じてかまいません。',
  'idpLogout.title': 'ログアウトしますか?',
  'idpLogout.yes': 'はい',
  'idpConsent.requesting': '{clientName} が次の許可を求めています:',
  'idpConsent.scope.openid': '本人確認',
  'idpConsent.scope.openid.detail': 'アカウントに保存されている情報の表示',
  'idpConsent.scope.profile': 'プロフィール情報の表示',
  'idpConsent.scope.profile.name': '名前、プロフィール写真、言語設定',
  'idpConsent.scope.email': 'メールアドレス',
  'idpConsent.scope.phone': '電話番号',
  'idpConsent.scope.offlineAccess': 'アプリを使っていないときもデータへのアクセスを維持',
  'idpConsent.scope.offlineAccess.offline': 'オフラインのときもデータにアクセスします。',
  'idpConsent.scope.offlineAccess.background': 'データの同期とバックグラウンド処理を代わりに行います。',
  'idpConsent.scope.fullAccess': 'あなたに代わって操作',
  'idpConsent.scope.custom': '{scope} スコープの使用',
  'idpConsent.redirectHost': '選択後、<bold>{host}</bold> に移動します。',
  'idpConsent.missingParam': '必須パラメーターがありません: {field}。アプリケーションの開発者にお問い合わせください。',
  'idpConsent.loading': '読み込み中…',
  'idpConsent.redirecting': 'リダイレクト中…',
  'error.connectedAppNotAllowedForOrg': '組織でこのアプリは許可されていません。組織の管理者が許可できます。',
};

export default ja;
