import { CHAT_MESSAGES, type MutualFollower } from '@estudai/contract/constants';
import { BadgeCheck, Search } from 'lucide-react';
import { type RefObject, useRef, useState } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useMutualFollowers } from '../api/get-mutual-followers.ts';
import { useStartConversation } from '../api/start-conversation.ts';

// Case- and accent-insensitive, so 'joao' finds 'João'.
const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('pt-BR');

/** Spec §5: the search matches the display name or the username, case-insensitively. */
function filterMutualFollowers(people: MutualFollower[], search: string) {
  const term = normalize(search.trim().replace(/^@/, ''));
  if (!term) return people;
  return people.filter(
    (person) => normalize(person.displayName).includes(term) || normalize(person.username).includes(term),
  );
}

function PeopleList({
  onPick,
  disabled,
  searchRef,
}: {
  onPick: (person: MutualFollower) => void;
  disabled: boolean;
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  const [search, setSearch] = useState('');
  const query = useMutualFollowers();
  const people = filterMutualFollowers(query.data ?? [], search);
  return (
    <div className="grid gap-3 p-4">
      <div className="relative">
        <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <Input
          ref={searchRef}
          type="search"
          aria-label="Buscar por nome ou usuário"
          placeholder="Buscar por nome ou usuário"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      {query.isPending ? (
        <div role="status" aria-label="Carregando" className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : query.isError ? (
        <p role="alert" className="py-6 text-center text-sm">
          {query.error.message}
        </p>
      ) : people.length === 0 ? (
        search.trim() ? (
          <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">Ninguém encontrado.</p>
        ) : (
          <div className="grid gap-1 py-6 text-center text-sm">
            <p className="font-medium">{CHAT_MESSAGES.mutualOnly}</p>
            <p className="text-slate-500 dark:text-slate-400">
              Siga de volta quem segue você, ou peça uma conexão no perfil de alguém: quando a pessoa aceitar,
              vocês poderão conversar.
            </p>
          </div>
        )
      ) : (
        <ul aria-label="Seguidores mútuos" className="grid gap-1">
          {people.map((person) => (
            <li key={person.id}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onPick(person)}
                className="flex w-full items-center gap-3 rounded-xl p-2 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50 dark:hover:bg-slate-800"
              >
                <UserAvatar name={person.displayName} src={person.avatar} />
                <span className="grid min-w-0">
                  <span className="flex items-center gap-1 font-medium">
                    <span className="truncate">{person.displayName}</span>
                    {person.isVerified && (
                      <BadgeCheck
                        className="size-4 shrink-0 text-indigo-500"
                        aria-label="Verificado"
                        role="img"
                      />
                    )}
                  </span>
                  <span className="truncate text-sm text-slate-500 dark:text-slate-400">
                    @{person.username}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Spec §2: the mutual followers, searchable; picking one starts (or opens) the conversation.
 * Focus: the search box on opening; the thread's message box once a conversation is started (the
 * thread takes it); otherwise back to the button that opened the dialog.
 */
export function NewConversationDialog({
  open,
  onOpenChange,
  onStarted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStarted: (conversationId: string) => void;
}) {
  const start = useStartConversation();
  const searchRef = useRef<HTMLInputElement>(null);
  const hasStarted = useRef(false);
  const handlePick = (person: MutualFollower) => {
    start.mutate(person.id, {
      onSuccess: (conversation) => {
        hasStarted.current = true;
        onOpenChange(false);
        onStarted(conversation.id);
      },
    });
  };
  const handleOpenAutoFocus = (event: Event) => {
    event.preventDefault();
    hasStarted.current = false;
    searchRef.current?.focus();
  };
  // Closed without a choice, the dialog gives focus back to its opener; a started thread takes it instead.
  const handleCloseAutoFocus = (event: Event) => {
    if (hasStarted.current) event.preventDefault();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Nova conversa"
        description="Converse com quem segue você de volta."
        onOpenAutoFocus={handleOpenAutoFocus}
        onCloseAutoFocus={handleCloseAutoFocus}
      >
        {/* Mounted only while open, so the list is asked for then (spec §7) and the search starts empty. */}
        <PeopleList onPick={handlePick} disabled={start.isPending} searchRef={searchRef} />
      </DialogContent>
    </Dialog>
  );
}
