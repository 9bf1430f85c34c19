import type { SimuladoPrint } from '@estudai/contract/constants';
import { SIMULADO_PAPER_LETTERS } from '@estudai/contract/constants';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { durationText } from '../simulado-format.ts';

const number = (index: number) => String(index + 1).padStart(2, '0');

/** The cover: title, group, the sheet's code, duration and the instructions. */
function Cover({ simulado }: { simulado: SimuladoPrint }) {
  const count = simulado.questions.length;
  return (
    <header className="mb-6 grid gap-3 border-b-2 border-black pb-4">
      <p className="text-xs tracking-widest uppercase">
        {simulado.groupName} · Código {simulado.code}
      </p>
      <h1 className="text-2xl font-bold break-words">{simulado.title}</h1>
      <p>
        <strong>Duração:</strong> {durationText(simulado.durationMinutes)} · <strong>{count}</strong>{' '}
        {count === 1 ? 'questão' : 'questões'}
      </p>
      <p>Nome: ______________________________________________</p>
      <div>
        <h2 className="font-bold">Instruções</h2>
        <ol className="ml-5 list-decimal">
          <li>
            Confira se este caderno tem {count} {count === 1 ? 'questão' : 'questões'} e se o código{' '}
            {simulado.code} é o mesmo do seu cartão-resposta.
          </li>
          <li>Cada questão tem uma única alternativa correta.</li>
          <li>
            Marque a resposta no cartão-resposta preenchendo todo o círculo com caneta azul ou preta. Só o
            cartão-resposta é corrigido.
          </li>
          <li>Questões em branco ou com mais de uma marcação contam como erradas.</li>
          <li>
            Você tem {durationText(simulado.durationMinutes)} para responder e marcar o cartão-resposta.
          </li>
        </ol>
      </div>
    </header>
  );
}

/** The booklet: the cover, then every question numbered, in two columns on paper. */
export function PrintBooklet({ simulado }: { simulado: SimuladoPrint }) {
  return (
    <article className="paper-sheet paper" aria-label="Caderno de questões">
      <Cover simulado={simulado} />
      <div className="paper-columns">
        {simulado.questions.map((question) => (
          <section
            key={question.index}
            className="paper-question"
            aria-label={`Questão ${question.index + 1}`}
          >
            <h3 className="mb-1 font-bold">QUESTÃO {number(question.index)}</h3>
            <div className="break-words">
              <RichText text={question.questionData.question} />
            </div>
            {question.images.map((src) => (
              <img key={src} src={src} alt={`Imagem da questão ${question.index + 1}`} className="my-2" />
            ))}
            <ol className="mt-2 grid gap-1">
              {question.questionData.options.map((option, optionIndex) => (
                // Options are fixed once printed: their place is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={optionIndex} className="flex gap-2">
                  <span className="font-bold">{SIMULADO_PAPER_LETTERS[optionIndex]}</span>
                  <RichText as="span" text={option} className="min-w-0 break-words" />
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </article>
  );
}
