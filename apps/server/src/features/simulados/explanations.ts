import {
  SIMULADO_CALIBRATION_MIN_RESPONSES,
  SIMULADO_EASY_B_MAX,
  SIMULADO_HARD_B_MIN,
} from '@estudai/contract';

/** One question of a result as the explanation reads it: its difficulty b and what the taker did. */
export interface ExplainedItem {
  b: number;
  /** Answered (not left blank). */
  answered: boolean;
  correct: boolean;
  calibrated: boolean;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Why the estimate came out as it did, one pt-BR sentence per pattern: right answers to hard
 * questions beside wrong answers to easy ones (which the 3PL model reads partly as guessing), or a
 * coherent pattern; blanks; and an estimate that is still provisional. Easy is b ≤ −0.5, hard b ≥ 0.5.
 */
export function explainResult(items: ExplainedItem[]): string[] {
  const sentences: string[] = [];
  const hardRight = items.filter((item) => item.correct && item.b >= SIMULADO_HARD_B_MIN).length;
  const easyWrong = items.filter((item) => !item.correct && item.b <= SIMULADO_EASY_B_MAX).length;
  const correct = items.filter((item) => item.correct).length;
  if (hardRight > 0 && easyWrong > 0) {
    sentences.push(
      `Você acertou ${plural(hardRight, 'questão difícil', 'questões difíceis')} mas errou ${plural(easyWrong, 'fácil', 'fáceis')}: na TRI, acertos difíceis com erros fáceis valem menos, porque o padrão se parece com chute.`,
    );
  } else if (correct === items.length && items.length > 0) {
    sentences.push('Seu desempenho foi coerente: você acertou todas as questões.');
  } else if (correct > 0) {
    sentences.push(
      'Seu desempenho foi coerente: nenhum acerto em questão difícil ao lado de erros em questões fáceis, e a TRI valoriza esse padrão.',
    );
  } else if (items.length > 0) {
    sentences.push('Você não acertou nenhuma questão: a estimativa fica perto do piso da escala.');
  }
  const blanks = items.filter((item) => !item.answered).length;
  if (blanks > 0) {
    sentences.push(
      blanks === 1
        ? 'Você deixou 1 questão em branco: na TRI, questão em branco conta como erro.'
        : `Você deixou ${blanks} questões em branco: na TRI, questões em branco contam como erro.`,
    );
  }
  const uncalibrated = items.filter((item) => !item.calibrated).length;
  if (uncalibrated > 0) {
    sentences.push(
      `Estimativa provisória: ${uncalibrated} de ${plural(items.length, 'questão', 'questões')} ainda não ${uncalibrated === 1 ? 'tem' : 'têm'} ${SIMULADO_CALIBRATION_MIN_RESPONSES} respostas na plataforma para ${uncalibrated === 1 ? 'ser calibrada' : 'serem calibradas'}, então usamos parâmetros aproximados pela taxa de acerto.`,
    );
  }
  return sentences;
}
