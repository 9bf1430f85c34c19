import {
  countEssayLines,
  countEssayWords,
  type EssayDestination,
  type EssayDetail,
  EssayErrorCode,
  essayChecks,
} from '@estudai/contract/constants';
import { Send } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useEssayQuota } from '../api/essay-quota.ts';
import { useEssay } from '../api/get-essays.ts';
import { saveEssayPages, saveEssayText, useSubmitEssay } from '../api/save-essay.ts';
import { EssayCheckWarnings } from '../components/essay-checks.tsx';
import { quotaUsage } from '../components/group-essay-quota.tsx';
import { PagePhotos } from '../components/page-photos.tsx';
import { PromptCard } from '../components/prompt-card.tsx';
import { SheetEditor } from '../components/sheet-editor.tsx';

const AUTOSAVE_MS = 1_200;
const draftKey = (essayId: string) => `estudai:redacao:${essayId}`;

interface StoredDraft {
  text: string;
  /** When it was typed (ms); the server's copy wins when it is newer. */
  at: number;
}

function readStored(essayId: string): StoredDraft | null {
  try {
    const raw = window.localStorage.getItem(draftKey(essayId));
    return raw ? (JSON.parse(raw) as StoredDraft) : null;
  } catch {
    return null;
  }
}

function writeStored(essayId: string, draft: StoredDraft | null) {
  try {
    if (draft) window.localStorage.setItem(draftKey(essayId), JSON.stringify(draft));
    else window.localStorage.removeItem(draftKey(essayId));
  } catch {
    // A full or blocked storage: the server's copy is the one kept.
  }
}

type SaveState = 'saved' | 'saving' | 'device';
const SAVE_LABELS: Record<SaveState, string> = {
  saved: 'Rascunho salvo',
  saving: 'Salvando…',
  device: 'Salvo neste aparelho (sem conexão): enviaremos quando voltar',
};

function Writer({ essay }: { essay: EssayDetail }) {
  const navigate = useNavigate();
  const [text, setText] = useState(() => {
    const stored = readStored(essay.id);
    const serverAt = new Date(essay.createdAt).getTime();
    return stored && stored.at >= serverAt && stored.text !== essay.text ? stored.text : essay.text;
  });
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [destination, setDestination] = useState<EssayDestination>(
    essay.prompt.groupId ? 'group' : 'community',
  );
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(text);
  const submit = useSubmitEssay(essay.id);
  const quota = useEssayQuota(essay.prompt.groupId);
  const usage = quotaUsage(quota.data);
  const quotaUsed = Boolean(quota.data?.monthlyQuota && quota.data.usedThisMonth >= quota.data.monthlyQuota);
  const motivating = useMemo(
    () => essay.prompt.motivatingTexts.flatMap((item) => (item.text ? [item.text] : [])),
    [essay.prompt],
  );
  const checks = useMemo(() => essayChecks(text, motivating), [text, motivating]);

  const save = async (value: string) => {
    setSaveState('saving');
    try {
      await saveEssayText(essay.id, value);
      if (latest.current === value) {
        writeStored(essay.id, null);
        setSaveState('saved');
      }
    } catch {
      setSaveState('device');
    }
  };

  useEffect(() => {
    // Back online: what waits on the device goes to the server.
    const online = () => void save(latest.current);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  });

  const handleChange = (value: string) => {
    setText(value);
    latest.current = value;
    writeStored(essay.id, { text: value, at: Date.now() });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(value), AUTOSAVE_MS);
  };

  const handleSubmit = async () => {
    clearTimeout(timer.current);
    try {
      await saveEssayText(essay.id, latest.current);
      writeStored(essay.id, null);
      await submit.mutateAsync(destination);
      navigate(paths.essay(essay.id));
    } catch {
      // The mutation keeps its error; a failed save says so below the button.
      setSaveState((state) => (submit.isError ? state : 'device'));
    }
  };

  const owed = submit.error instanceof ApiError && submit.error.code === EssayErrorCode.reviewsOwed;
  return (
    <div className="grid gap-4 @4xl:grid-cols-[minmax(0,1fr)_18rem] @4xl:items-start">
      <div className="grid gap-3">
        <SheetEditor
          value={text}
          onChange={handleChange}
          lines={countEssayLines(text)}
          words={countEssayWords(text)}
        />
        <p role="status" className="text-xs text-slate-500 dark:text-slate-400">
          {SAVE_LABELS[saveState]}
        </p>
        <EssayCheckWarnings checks={checks} hasText={text.trim().length > 0} />
        <PagePhotos
          pages={essay.media}
          onSave={async (urls) => (await saveEssayPages(essay.id, urls)).media}
        />
      </div>
      <div className="grid gap-3 @4xl:sticky @4xl:top-20">
        <PromptCard prompt={essay.prompt} compact />
        <Card padding="sm" className="grid gap-3">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Enviar para</legend>
            {essay.prompt.groupId && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="destination"
                  checked={destination === 'group'}
                  onChange={() => setDestination('group')}
                />
                Professores do grupo
              </label>
            )}
            {essay.prompt.groupId && usage && (
              <p className="ms-6 text-xs text-slate-500 dark:text-slate-400">
                {usage}
                {quotaUsed && ' · renova no dia 1º'}
              </p>
            )}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="destination"
                checked={destination === 'community'}
                onChange={() => setDestination('community')}
              />
              Comunidade (corrija 2, receba 2)
            </label>
          </fieldset>
          <Button onClick={() => void handleSubmit()} disabled={submit.isPending}>
            <Send className="size-4" aria-hidden />
            Enviar redação
          </Button>
          {submit.error && (
            <div role="alert" className="grid gap-2 text-sm text-red-700 dark:text-red-300">
              <p>{submit.error.message}</p>
              {owed && (
                <Link to={paths.reviewEssays()} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                  Corrigir redações
                </Link>
              )}
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}

/** /redacao/{id}/escrever: the draft on its sheet, saved as one types. */
export function EssayWritePage() {
  const { essayId = '' } = useParams();
  const query = useEssay(essayId);
  return (
    <Page title="Escrever redação" back={paths.essays()}>
      <div className="@container grid gap-4">
        {query.data ? (
          query.data.status === 'draft' ? (
            <Writer essay={query.data} />
          ) : (
            <Card className="grid gap-3">
              <p>Esta redação já foi enviada.</p>
              <Link to={paths.essay(essayId)} className={buttonClasses({ variant: 'outline' })}>
                Ver a redação
              </Link>
            </Card>
          )
        ) : query.isError ? (
          <ErrorState
            title="Não foi possível abrir a redação."
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <ListSkeleton label="Carregando redação" rows={3} />
        )}
      </div>
    </Page>
  );
}
