import { CO_TEACHER_TYPES, type GroupTeacher, TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import { UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useFollows } from '../../../lib/queries/follows.ts';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAddTeacher, usePeopleSearch, useRemoveTeacher, useTeachers } from '../api/teachers.ts';

/** Names are searched 300 ms after the last key, as /busca does. */
const SEARCH_DEBOUNCE_MS = 300;

const failed = (error: Error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' });
const isTeacherType = (userType: string) => (CO_TEACHER_TYPES as readonly string[]).includes(userType);

/** The professors, mentors and tutors the owner follows, or found by name, each with 'Adicionar'. */
function AddTeacherDialog({
  groupId,
  ownerId,
  current,
  open,
  onOpenChange,
}: {
  groupId: string;
  ownerId: string;
  current: GroupTeacher[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const following = useFollows(ownerId, 'following', open);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // A name typed searches everyone (issue 36); nothing typed lists the teachers one follows.
  const searching = q.length >= 2;
  const found = usePeopleSearch(searching ? q : '');
  const list = searching ? found : following;
  const candidates = searching
    ? (found.data ?? [])
    : (following.data?.pages.flatMap((page) => page.data) ?? []);
  const add = useAddTeacher(groupId);
  const taken = new Set(current.map((teacher) => teacher.userId));
  const people = candidates.filter(
    (person) => isTeacherType(person.userType) && !taken.has(person.id) && person.id !== ownerId,
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={M.addTeacher}
        description="Professores, mentores e tutores: os que você segue, ou busque pelo nome. Eles podem publicar, enviar materiais, moderar o fórum e ver os membros; não mudam o preço nem removem você."
      >
        <div className="grid gap-3 p-5">
          <Input
            type="search"
            aria-label="Buscar professor, mentor ou tutor"
            placeholder="Buscar por nome ou @usuário"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {list.isPending ? (
            <div role="status" aria-label="Carregando" className="flex justify-center py-6">
              <Spinner />
            </div>
          ) : list.isError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {list.error.message}
            </p>
          ) : people.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
              {searching
                ? `Nenhum professor, mentor ou tutor encontrado para “${q}”.`
                : 'Busque pelo nome, ou siga um professor, mentor ou tutor para vê-lo aqui.'}
            </p>
          ) : (
            <ul
              aria-label={searching ? 'Professores encontrados' : 'Pessoas que você segue'}
              className="grid gap-2"
            >
              {people.map((person) => (
                <li key={person.id} className="flex items-center gap-3">
                  <UserAvatar name={person.displayName} src={person.avatar} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{person.displayName}</span>
                    <span className="block truncate text-xs text-slate-500">@{person.username}</span>
                  </span>
                  <Button
                    size="sm"
                    disabled={add.isPending}
                    aria-label={`Adicionar ${person.displayName}`}
                    onClick={() =>
                      add.mutate(person.id, {
                        onSuccess: () => toast({ title: M.teacherAdded, description: person.displayName }),
                        onError: failed,
                      })
                    }
                  >
                    Adicionar
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** 'Professores' of the group (owner first), for the owner to add and remove co-teachers. */
export function TeachersSection({ groupId, ownerId }: { groupId: string; ownerId: string }) {
  const teachers = useTeachers(groupId);
  const remove = useRemoveTeacher(groupId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<GroupTeacher | null>(null);
  const list = teachers.data ?? [];

  const handleRemove = () => {
    if (!removing) return;
    remove.mutate(removing.userId, {
      onSuccess: () => {
        toast({ title: M.teacherRemoved });
        setRemoving(null);
      },
      onError: failed,
    });
  };

  return (
    <Card className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{M.teachersTitle}</h2>
        <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
          <UserPlus className="size-4" aria-hidden />
          {M.addTeacher}
        </Button>
      </div>
      {teachers.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {teachers.error.message}
        </p>
      ) : (
        <ul aria-label={M.teachersTitle} className="grid gap-2">
          {list.map((teacher) => (
            <li key={teacher.userId} className="flex items-center gap-3">
              <UserAvatar name={teacher.displayName} src={teacher.avatar} size={9} />
              <span className="min-w-0 flex-1 truncate font-medium">{teacher.displayName}</span>
              {teacher.isOwner ? (
                <Badge tone="indigo">Dono</Badge>
              ) : (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remover ${teacher.displayName} dos professores`}
                  onClick={() => setRemoving(teacher)}
                >
                  <X className="size-4" aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <AddTeacherDialog
        groupId={groupId}
        ownerId={ownerId}
        current={list}
        open={adding}
        onOpenChange={setAdding}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remover professor?"
        description={`${removing?.displayName ?? ''} deixa de gerenciar o grupo. Se também for membro, continua como membro.`}
        confirmLabel="Remover"
        pendingLabel="Removendo..."
        isPending={remove.isPending}
        destructive
        onConfirm={handleRemove}
      />
    </Card>
  );
}
