import type { SimuladoResultQuestion } from '@estudai/contract/constants';
import { AnswerOptions } from '../../../components/question/answer-options.tsx';
import { Explanation } from '../../../components/question/explanation.tsx';
import { QuestionImage } from '../../../components/question/question-image.tsx';
import { QuestionMetaChips } from '../../../components/question/question-meta.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';

/** One question of the key: the viewer's choice, the right one, the explanation and how the group did. */
export function ResultQuestion({ question }: { question: SimuladoResultQuestion }) {
  const data = question.questionData;
  return (
    <Card id={`questao-${question.index + 1}`} className="grid scroll-mt-20 gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold">Questão {question.index + 1}</span>
        {question.isCorrect ? (
          <Badge tone="green">Acertou</Badge>
        ) : question.viewerAnswer === null ? (
          <Badge tone="yellow">Em branco</Badge>
        ) : (
          <Badge tone="red">Errou</Badge>
        )}
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {question.groupCorrectPercentage}% do grupo acertou
        </span>
      </div>
      <QuestionMetaChips meta={data} />
      <div className="min-w-0 break-words">
        <RichText text={data.question} />
        <QuestionImage image={data.image} />
      </div>
      <AnswerOptions
        name={`resultado-${question.index}`}
        legend={`Gabarito da questão ${question.index + 1}`}
        options={data.options}
        value={question.viewerAnswer}
        onChange={() => {}}
        locked
        correctAnswer={data.correctAnswer}
      />
      {data.explanation && <Explanation text={data.explanation} />}
    </Card>
  );
}
