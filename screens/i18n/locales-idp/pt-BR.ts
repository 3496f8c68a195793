import type { IdpLocaleCatalog } from '../catalog.ts';

/**
 * Brazilian Portuguese: the consent element's words (format: ../catalog.ts). Written for this widget; not yet
 * reviewed by a native speaker (README).
 */
const ptBR: IdpLocaleCatalog = {
  'idpConsent.allowClientTo': 'Permitir que {clientName}:',
  'idpConsent.button.allow': 'Permitir',
  'idpConsent.button.deny': 'Negar',
  'idpConsent.customScopes.title': '{clientName} quer acessar sua conta do {projectName}',
  'idpConsent.defaultClientName': 'O app',
  'idpConsent.denied': 'O acesso ao aplicativo foi negado.',
  'idpConsent.noActiveSession': 'Nenhuma sessão ativa encontrada. Faça login para continuar.',
  'idpConsent.noPermissionsToGrant': 'Você não tem permissão para conceder a {clientName} acesso a alguns dos escopos solicitados.',
  'idpConsent.signIn.title': 'Entrar no {clientName} com o {projectName}',
  'idpLogout.confirmMessage': 'Tem certeza de que deseja sair da sua conta do {projectName}?',
  'idpLogout.no': 'Não',
  'idpLogout.notLoggedOut': 'Você não saiu da conta. Pode fechar esta página.',
  'idpLogout.title': 'Sair?',
  'idpLogout.yes': 'Sim',
  'idpConsent.requesting': '{clientName} está solicitando:',
  'idpConsent.scope.openid': 'Verificar sua identidade',
  'idpConsent.scope.openid.detail': 'Ver informações salvas na sua conta',
  'idpConsent.scope.profile': 'Ver as informações do seu perfil',
  'idpConsent.scope.profile.name': 'Seu nome, foto de perfil e preferências de idioma',
  'idpConsent.scope.email': 'Seu endereço de e-mail',
  'idpConsent.scope.phone': 'Seu número de telefone',
  'idpConsent.scope.offlineAccess': 'Manter acesso aos seus dados mesmo quando você não estiver usando o app',
  'idpConsent.scope.offlineAccess.offline': 'Acessar seus dados mesmo quando você estiver offline.',
  'idpConsent.scope.offlineAccess.background': 'Sincronizar dados e realizar tarefas em segundo plano por você.',
  'idpConsent.scope.fullAccess': 'Agir em seu nome',
  'idpConsent.scope.custom': 'Usar o escopo {scope}',
  'idpConsent.redirectHost': 'Depois da sua escolha, você irá para <bold>{host}</bold>.',
  'idpConsent.missingParam': 'Falta um parâmetro obrigatório: {field}. Entre em contato com o desenvolvedor do aplicativo.',
  'idpConsent.loading': 'Carregando…',
  'idpConsent.redirecting': 'Redirecionando…',
  'error.connectedAppNotAllowedForOrg': 'Sua organização não permite este aplicativo. Um administrador da sua organização pode permiti-lo.',
};

export default ptBR;
