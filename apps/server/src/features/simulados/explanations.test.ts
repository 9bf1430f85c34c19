import { describe, expect, it } from 'vitest';
import { type ExplainedItem, explainResult } from './explanations.ts';

const item = (b: number, correct: boolean, extra: Partial<ExplainedItem> = {}): ExplainedItem => ({
  b,
  correct,
  answered: true,
  calibrated: true,
  ...extra,
});

describe('explainResult', () => {
  it('names hard hits beside easy misses, with the counts', () => {
    const items = [
      item(1.2, true),
      item(0.5, true),
      item(2, true),
      item(-0.5, false),
      item(-1, false),
      item(-2, false),
      item(-0.8, false),
      item(0, false),
    ];
    expect(explainResult(items)).toEqual([
      'Você acertou 3 questões difíceis mas errou 4 fáceis: na TRI, acertos difíceis com erros fáceis valem menos, porque o padrão se parece com chute.',
    ]);
  });

  it('speaks in the singular for one of each', () => {
    expect(explainResult([item(1, true), item(-1, false)])[0]).toBe(
      'Você acertou 1 questão difícil mas errou 1 fácil: na TRI, acertos difíceis com erros fáceis valem menos, porque o padrão se parece com chute.',
    );
  });

  it('calls a pattern coherent when no hard hit sits beside an easy miss', () => {
    expect(explainResult([item(-1, true), item(0, true), item(1, false), item(2, false)])).toEqual([
      'Seu desempenho foi coerente: nenhum acerto em questão difícil ao lado de erros em questões fáceis, e a TRI valoriza esse padrão.',
    ]);
    // Between −0.5 and 0.5 a question is neither easy nor hard.
    expect(explainResult([item(0.49, true), item(-0.49, false)])[0]).toMatch(/^Seu desempenho foi coerente/);
    expect(explainResult([item(-1, true), item(1, true)])).toEqual([
      'Seu desempenho foi coerente: você acertou todas as questões.',
    ]);
    expect(explainResult([item(-1, false), item(1, false)])).toEqual([
      'Você não acertou nenhuma questão: a estimativa fica perto do piso da escala.',
    ]);
  });

  it('counts blanks as wrong, and says so', () => {
    const sentences = explainResult([
      item(-1, true),
      item(0, false, { answered: false }),
      item(1, false, { answered: false }),
    ]);
    expect(sentences).toContain(
      'Você deixou 2 questões em branco: na TRI, questões em branco contam como erro.',
    );
    expect(explainResult([item(0, false, { answered: false }), item(-1, true)])).toContain(
      'Você deixou 1 questão em branco: na TRI, questão em branco conta como erro.',
    );
  });

  it('says when the estimate is provisional, and how many questions are not calibrated yet', () => {
    const sentences = explainResult([item(-1, true, { calibrated: false }), item(0, true), item(1, false)]);
    expect(sentences.at(-1)).toBe(
      'Estimativa provisória: 1 de 3 questões ainda não tem 200 respostas na plataforma para ser calibrada, então usamos parâmetros aproximados pela taxa de acerto.',
    );
    const all = explainResult([item(0, true, { calibrated: false }), item(1, false, { calibrated: false })]);
    expect(all.at(-1)).toBe(
      'Estimativa provisória: 2 de 2 questões ainda não têm 200 respostas na plataforma para serem calibradas, então usamos parâmetros aproximados pela taxa de acerto.',
    );
    expect(explainResult([item(0, true)]).join(' ')).not.toContain('provisória');
  });
});
