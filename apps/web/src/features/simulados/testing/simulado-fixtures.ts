import {
  SIMULADO_ESTIMATE_LABEL,
  type Simulado,
  type SimuladoAttempt,
  type SimuladoClassResults,
  type SimuladoDetail,
  type SimuladoProgress,
  type SimuladoQuestion,
  type SimuladoResult,
} from '@estudai/contract/constants';

export const SIMULADO_ID = '3f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';

const carla = {
  id: 'u-carla',
  displayName: 'Carla Mendes',
  username: 'carla.mendes',
  avatar: null,
  userType: 'professor' as const,
  isVerified: true,
};

/** Question n (0-based), without its key, as a taker sees it during the attempt. */
export const simuladoQuestion = (index: number): SimuladoQuestion => ({
  index,
  postId: `p-${index}`,
  questionIndex: null,
  questionData: {
    question: `Quanto é ${index} + ${index}?`,
    options: [`${2 * index}`, `${2 * index + 1}`, `${2 * index + 2}`, `${2 * index + 3}`],
    subject: 'matematica',
    topic: 'Soma',
  },
});

export function makeSimulado(overrides: Partial<Simulado> = {}): Simulado {
  return {
    id: SIMULADO_ID,
    studyGroupId: '5b0c2f0e-6a4e-4d7e-9b1a-0d6f1c2a3b4c',
    title: 'Simulado ENEM — Matemática',
    durationMinutes: 90,
    opensAt: '2026-11-26T12:00:00.000Z',
    closesAt: '2026-11-27T12:00:00.000Z',
    showRanking: true,
    status: 'published',
    window: 'open',
    publishedAt: '2026-11-26T11:00:00.000Z',
    createdAt: '2026-11-26T10:00:00.000Z',
    createdBy: carla,
    questionCount: 5,
    inProgress: 0,
    canManage: false,
    viewerAttempt: null,
    ...overrides,
  };
}

/** Ana's attempt, started at the server's `serverNow` minus 10 minutes, ending 20 minutes later. */
export function makeAttempt(serverNow: string, overrides: Partial<SimuladoAttempt> = {}): SimuladoAttempt {
  const now = new Date(serverNow).getTime();
  return {
    simuladoId: SIMULADO_ID,
    status: 'in_progress',
    startedAt: new Date(now - 10 * 60_000).toISOString(),
    endsAt: new Date(now + 20 * 60_000).toISOString(),
    finishedAt: null,
    answeredCount: 0,
    total: 5,
    serverNow,
    answers: [],
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<SimuladoDetail> = {}): SimuladoDetail {
  const { viewerAttempt: _, ...simulado } = makeSimulado();
  return {
    ...simulado,
    serverNow: new Date().toISOString(),
    readsClassResults: false,
    questions: null,
    attempt: null,
    ...overrides,
  };
}

/** The detail as a taker sees it mid-attempt. */
export function takingDetail(serverNow: string, attempt: Partial<SimuladoAttempt> = {}): SimuladoDetail {
  return makeDetail({
    serverNow,
    questions: [0, 1, 2, 3, 4].map(simuladoQuestion),
    attempt: makeAttempt(serverNow, attempt),
  });
}

export function makeProgress(overrides: Partial<SimuladoProgress> = {}): SimuladoProgress {
  return {
    simuladoId: SIMULADO_ID,
    total: 5,
    inProgress: 1,
    participants: [
      {
        userId: 'u-ana',
        displayName: 'Ana Souza',
        answered: 1,
        total: 5,
        finished: false,
        startedAt: '2026-11-26T12:00:00.000Z',
        endsAt: '2026-11-26T13:30:00.000Z',
        finishedAt: null,
      },
    ],
    ...overrides,
  };
}

export function makeResult(overrides: Partial<SimuladoResult> = {}): SimuladoResult {
  const questions = [0, 1].map((index) => ({
    index,
    postId: `p-${index}`,
    questionIndex: null,
    questionData: {
      ...simuladoQuestion(index).questionData,
      correctAnswer: 2,
      explanation: `Some ${index} duas vezes.`,
    },
    viewerAnswer: index === 0 ? 2 : 0,
    isCorrect: index === 0,
    calibrated: false,
    groupCorrectPercentage: index === 0 ? 50 : 90,
  }));
  return {
    simuladoId: SIMULADO_ID,
    title: 'Simulado ENEM — Matemática',
    personal: false,
    attempt: {
      status: 'finished',
      startedAt: '2026-11-26T12:00:00.000Z',
      endsAt: '2026-11-26T13:30:00.000Z',
      finishedAt: '2026-11-26T12:40:00.000Z',
      answeredCount: 2,
    },
    correctCount: 1,
    total: 2,
    answeredCount: 2,
    blankCount: 0,
    bySubject: [{ subject: 'matematica', correct: 1, total: 2 }],
    byTopic: [{ subject: 'matematica', topic: 'Soma', correct: 1, total: 2 }],
    questions,
    heaviestMisses: [{ index: 1, viewerAnswer: 0, groupCorrectPercentage: 90 }],
    estimate: { score: 512, standardError: 87.4, provisional: true, label: SIMULADO_ESTIMATE_LABEL },
    explanations: ['Você errou 1 questão fácil: na TRI, errar questões fáceis pesa mais.'],
    ranking: {
      status: 'available',
      availableAt: null,
      entries: [
        { rank: 1, firstName: 'Bruno', correctCount: 2, total: 2, isViewer: false },
        { rank: 2, firstName: 'Ana', correctCount: 1, total: 2, isViewer: true },
      ],
    },
    ...overrides,
  };
}

/** The class results after the close: two participants of five questions. */
export function makeClassResults(overrides: Partial<SimuladoClassResults> = {}): SimuladoClassResults {
  const estimate = { score: 540, standardError: 80.5, provisional: true };
  return {
    simuladoId: SIMULADO_ID,
    title: 'Simulado ENEM — Matemática',
    closesAt: '2026-11-26T21:00:00.000Z',
    total: 5,
    participantCount: 2,
    averageCorrect: 3.5,
    averageEstimate: 540,
    distribution: [0, 0, 0, 1, 1, 0].map((count, correct) => ({ correct, count })),
    participants: [
      {
        rank: 1,
        name: 'Bruno Lima',
        userId: 'u-bruno',
        onPaper: false,
        correctCount: 4,
        answeredCount: 5,
        total: 5,
        estimate: { ...estimate, score: 580 },
        timeSeconds: 1500,
      },
      {
        rank: 2,
        name: 'Participante 2 (menor de idade)',
        userId: 'u-teen',
        onPaper: true,
        correctCount: 3,
        answeredCount: 4,
        total: 5,
        estimate: { ...estimate, score: 500 },
        timeSeconds: null,
      },
    ],
    questions: [0, 1, 2, 3, 4].map((index) => ({
      index,
      subject: 'matematica',
      topic: 'Funções',
      statement: `Qual é o valor da questão ${index + 1}?`,
      correctAnswer: index % 4,
      correctPercentage: index === 0 ? 50 : 100,
      options: [0, 1, 2, 3, 4].map((option) =>
        index === 0
          ? { count: option === 0 || option === 2 ? 1 : 0, percentage: option === 0 || option === 2 ? 50 : 0 }
          : { count: option === index % 4 ? 2 : 0, percentage: option === index % 4 ? 100 : 0 },
      ),
      blankCount: 0,
    })),
    ...overrides,
  };
}
