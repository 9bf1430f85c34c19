import type { SimuladoPrint } from '@estudai/contract/constants';
import { SIMULADO_PAPER_LETTERS, SIMULADO_PAPER_MESSAGES } from '@estudai/contract/constants';

/** The 'cartão-resposta': the student's name and code, then one row of bubbles per question (A–E). */
export function AnswerSheet({ simulado }: { simulado: SimuladoPrint }) {
  return (
    <article className="paper-sheet paper paper-page-break" aria-label={SIMULADO_PAPER_MESSAGES.answerSheet}>
      <header className="mb-4 grid gap-2 border-b-2 border-black pb-3">
        <h2 className="text-xl font-bold uppercase">{SIMULADO_PAPER_MESSAGES.answerSheet}</h2>
        <p className="break-words">
          {simulado.title} · Código do simulado {simulado.code}
        </p>
        <p>Nome do aluno: ________________________________________</p>
        <p>Código do aluno (ou @usuário): ________________________</p>
        <p className="text-sm">Preencha todo o círculo da alternativa escolhida. Uma marcação por questão.</p>
      </header>
      <div className="paper-bubbles">
        {simulado.questions.map((question) => (
          <div key={question.index} className="paper-bubble-row">
            <span className="w-7 font-bold tabular-nums">{String(question.index + 1).padStart(2, '0')}</span>
            {question.questionData.options.map((_option, optionIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a bubble is its letter, fixed by its place
              <span key={optionIndex} className="paper-bubble">
                {SIMULADO_PAPER_LETTERS[optionIndex]}
              </span>
            ))}
          </div>
        ))}
      </div>
    </article>
  );
}
