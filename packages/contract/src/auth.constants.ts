import { SESSION_ENDED_MESSAGE, UNAUTHENTICATED_MESSAGE } from './common.constants.ts';
import { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';

// The limits, texts and labels of sign-in, without zod (the schemas are in auth.ts), so the
// screens can import them through `@estudai/contract/constants` without loading zod.
/** Texts of spec §5 and §8 for sign-in, shared so the server and the screens say the same. */
export const AUTH_MESSAGES = {
  requiredTitle: 'Campos obrigatórios',
  loginRequired: 'Por favor, preencha todos os campos.',
  signupRequired: 'Preencha todos os campos para criar a conta.',
  passwordMismatchTitle: 'Senhas não coincidem',
  passwordMismatch: 'As senhas devem ser iguais.',
  passwordShortTitle: 'Senha muito curta',
  passwordShort: `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres.`,
  passwordLong: `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.`,
  passwordCommon: 'Essa senha é muito comum e fácil de adivinhar. Escolha outra.',
  newPasswordShort: `A senha deve ter no mínimo ${PASSWORD_MIN} caracteres.`,
  emailRequiredTitle: 'Email obrigatório',
  emailRequired: 'Digite seu email para recuperar a senha.',
  emailInvalid: 'Digite um e-mail válido.',
  emailSentTitle: 'Email enviado!',
  emailSent: 'Verifique sua caixa de entrada para redefinir sua senha.',
  displayNameRequired: 'Digite seu nome.',
  displayNameLong: `O nome deve ter no máximo ${DISPLAY_NAME_MAX} caracteres.`,
  profileInvalid: 'Escolha um tipo de usuário válido: aluno, professor ou mentor.',
  guardianInviteRequired:
    'A conta de responsável é criada pelo convite que o estudante enviou: abra o link do e-mail.',
  emailTaken: 'Já existe uma conta com este e-mail.',
  invalidCredentials: 'E-mail ou senha incorretos.',
  tooManyAttempts: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  robotCheckRequired:
    'Houve várias tentativas de entrar nesta conta. Confirme que você não é um robô para continuar.',
  robotCheckRunning: 'Verificando...',
  accountSuspended: 'Sua conta está suspensa. Entre em contato com o suporte.',
  loginErrorTitle: 'Erro no login',
  loginErrorFallback: 'Tente novamente.',
  signupErrorTitle: 'Erro no cadastro',
  forgotErrorTitle: 'Erro ao enviar email',
  verificationSent: 'E-mail de verificação enviado! Verifique sua caixa de entrada e a pasta de spam.',
  verificationSendError: 'Erro ao enviar e-mail de verificação.',
  resendError: 'Ocorreu um erro ao reenviar o e-mail. Tente novamente.',
  verificationTooSoon: 'Aguarde um pouco antes de pedir outro e-mail de verificação.',
  forgotAnswer: 'Se houver uma conta com este e-mail, enviaremos as instruções para redefinir a senha.',
  codeInvalid: 'O link é inválido ou expirou. Solicite um novo.',
  resetInvalid: 'Ocorreu um erro ao alterar sua senha. O link pode ter expirado.',
  emailVerified: 'Email verificado com sucesso!',
  passwordChanged: 'Senha alterada com sucesso!',
  linkMissing: 'Link inválido ou ausente. Por favor, tente novamente.',
  unknownAction: 'Ação desconhecida. Link inválido.',
  loggedOut: 'Você saiu da sua conta.',
  loggedOutEverywhere: 'Você saiu da sua conta em todos os dispositivos.',
  unauthenticated: UNAUTHENTICATED_MESSAGE,
  /** An open tab whose session the server ended (signed out everywhere, a new password, a suspension). */
  sessionEnded: SESSION_ENDED_MESSAGE,
} as const;
