import { createRoomSchema } from '@estudai/contract';
import {
  type CreateRoomInput,
  ROOM_BREAK_MINUTES,
  ROOM_FOCUS_MINUTES,
  ROOM_NAME_MAX,
  type Room,
  type RoomKind,
} from '@estudai/contract/constants';
import { Flame, Trophy, Users } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { EmptyText, ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { bodyResolver, CHECKED_WHEN_SENT, firstErrorMessage } from '../../../lib/form.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import {
  useAcceptFriendStreak,
  useCreateRoom,
  useFriendStreaks,
  useProposeFriendStreak,
  useRooms,
  useWeekLeague,
} from '../api/rooms.ts';

const phaseLabel = (room: Room) => (room.phase === 'focus' ? 'Foco' : 'Pausa');

function RoomCard({ room }: { room: Room }) {
  return (
    <Link
      to={paths.room(room.id)}
      className="block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
    >
      <Card padding="sm" className="flex items-center gap-3 hover:border-indigo-300">
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{room.name}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {room.focusMinutes}/{room.breakMinutes} min · {phaseLabel(room)} agora
          </p>
        </div>
        <span className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
          <Users className="size-4" aria-hidden />
          <span>
            {room.presentCount} {room.presentCount === 1 ? 'pessoa' : 'pessoas'}
          </span>
        </span>
      </Card>
    </Link>
  );
}

function RoomList({ kind, empty }: { kind: RoomKind; empty: string }) {
  const rooms = useRooms(kind);
  if (rooms.isPending) return <ListSkeleton label="Carregando salas" rows={3} />;
  if (rooms.isError)
    return (
      <ErrorState
        title="Não foi possível carregar as salas."
        error={rooms.error}
        onRetry={() => rooms.refetch()}
      />
    );
  if (rooms.data.data.length === 0) return <EmptyText>{empty}</EmptyText>;
  return (
    <ul className="grid gap-2 lg:grid-cols-2" aria-label="Salas">
      {rooms.data.data.map((room) => (
        <li key={room.id}>
          <RoomCard room={room} />
        </li>
      ))}
    </ul>
  );
}

interface CreateRoomFields {
  name: string;
  focusMinutes: string;
  breakMinutes: string;
}

/** A number typed as text, as the schema reads it (an empty field is left for the schema to refuse). */
const asNumber = (value: string) => (value.trim() === '' ? undefined : Number(value));

function CreateRoomForm() {
  const create = useCreateRoom();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CreateRoomFields, unknown, CreateRoomInput>({
    ...CHECKED_WHEN_SENT,
    defaultValues: {
      name: '',
      focusMinutes: String(ROOM_FOCUS_MINUTES.default),
      breakMinutes: String(ROOM_BREAK_MINUTES.default),
    },
    resolver: bodyResolver(createRoomSchema, (values: CreateRoomFields) => ({
      name: values.name,
      focusMinutes: asNumber(values.focusMinutes),
      breakMinutes: asNumber(values.breakMinutes),
    })),
  });
  const submit = handleSubmit((input) =>
    create.mutate(input, { onSuccess: (room) => navigate(paths.room(room.id)) }),
  );
  const error =
    firstErrorMessage(errors) ?? (create.error instanceof ApiError ? create.error.message : undefined);
  return (
    <Card padding="sm">
      <form onSubmit={submit} className="grid gap-3" aria-label="Criar sala privada" noValidate>
        <h2 className="font-semibold">Criar sala privada</h2>
        <Field label="Nome da sala">
          {({ id }) => <Input id={id} maxLength={ROOM_NAME_MAX} {...register('name')} />}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Foco (min)">
            {({ id }) => (
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={ROOM_FOCUS_MINUTES.min}
                max={ROOM_FOCUS_MINUTES.max}
                {...register('focusMinutes')}
              />
            )}
          </Field>
          <Field label="Pausa (min)">
            {({ id }) => (
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={ROOM_BREAK_MINUTES.min}
                max={ROOM_BREAK_MINUTES.max}
                {...register('breakMinutes')}
              />
            )}
          </Field>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <Button type="submit" disabled={create.isPending}>
          Criar sala
        </Button>
      </form>
    </Card>
  );
}

function FriendStreaks() {
  const streaks = useFriendStreaks();
  const accept = useAcceptFriendStreak();
  if (streaks.isPending) return <ListSkeleton label="Carregando ofensivas" rows={2} />;
  if (streaks.isError)
    return (
      <ErrorState
        title="Não foi possível carregar as ofensivas."
        error={streaks.error}
        onRetry={() => streaks.refetch()}
      />
    );
  if (streaks.data.length === 0)
    return (
      <EmptyText>
        Nenhuma ofensiva em dupla ainda. Proponha uma no perfil de quem você segue e te segue.
      </EmptyText>
    );
  return (
    <ul className="grid gap-2" aria-label="Ofensivas em dupla">
      {streaks.data.map((streak) => (
        <li key={streak.id}>
          <Card padding="sm" className="flex items-center gap-3">
            <UserAvatar name={streak.user.displayName} src={streak.user.avatar} size={10} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{streak.user.displayName}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {streak.status === 'active'
                  ? `${streak.days} ${streak.days === 1 ? 'dia' : 'dias'} juntos`
                  : streak.incoming
                    ? 'Quer fazer uma ofensiva com você'
                    : 'Aguardando resposta'}
              </p>
            </div>
            {streak.incoming && (
              <Button size="sm" onClick={() => accept.mutate(streak.id)} disabled={accept.isPending}>
                Aceitar
              </Button>
            )}
            {streak.status === 'active' && <Flame className="size-5 text-orange-500" aria-hidden />}
          </Card>
        </li>
      ))}
    </ul>
  );
}

const hours = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;

function WeekLeague() {
  const league = useWeekLeague();
  const { user } = useAuth();
  const propose = useProposeFriendStreak();
  const proposeTo = (userId: string) =>
    propose.mutate(userId, {
      onSuccess: () => toast({ title: 'Pedido de ofensiva enviado' }),
      onError: (error) =>
        toast({ title: 'Ofensiva não proposta', description: error.message, variant: 'destructive' }),
    });
  if (league.isPending) return <ListSkeleton label="Carregando liga" rows={3} />;
  if (league.isError)
    return (
      <ErrorState
        title="Não foi possível carregar a liga."
        error={league.error}
        onRetry={() => league.refetch()}
      />
    );
  const [year, month, day] = league.data.weekStart.split('-');
  return (
    <section aria-label="Liga da semana" className="grid gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Semana de {day}/{month}/{year}, por horas verificadas (de segunda 00:00 a domingo 23:59, horário de
        Brasília).
      </p>
      <ol className="grid gap-2">
        {league.data.data.map((row) => (
          <li key={row.user.id}>
            <Card padding="sm" className="flex items-center gap-3">
              <span className="w-6 text-center font-bold text-indigo-600 dark:text-indigo-400">
                {row.rank}º
              </span>
              <UserAvatar name={row.user.displayName} src={row.user.avatar} size={8} />
              <span className="min-w-0 flex-1 truncate">{row.user.displayName}</span>
              <span className="text-sm font-medium">{hours(row.verifiedMinutes)}</span>
              {row.user.id !== user?.id && (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Propor ofensiva em dupla a ${row.user.displayName}`}
                  title="Propor ofensiva em dupla"
                  disabled={propose.isPending}
                  onClick={() => proposeTo(row.user.id)}
                >
                  <Flame className="size-4" aria-hidden />
                </Button>
              )}
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** `/salas`: the rooms by kind, and the friend streaks and the week's league on a tab. */
export function RoomsPage() {
  return (
    <Page title="Salas de estudo">
      <Tabs defaultValue="public" className="grid gap-4">
        <TabsList>
          <TabsTrigger value="public">Públicas</TabsTrigger>
          <TabsTrigger value="group">Grupos</TabsTrigger>
          <TabsTrigger value="private">Privadas</TabsTrigger>
          <TabsTrigger value="progress">
            <Trophy className="mr-1 inline size-4" aria-hidden />
            Liga
          </TabsTrigger>
        </TabsList>
        <TabsContent value="public">
          <RoomList kind="public" empty="Nenhuma sala pública." />
        </TabsContent>
        <TabsContent value="group">
          <RoomList kind="group" empty="Entre num grupo de estudo para ter a sala dele aqui." />
        </TabsContent>
        <TabsContent value="private" className="grid gap-4">
          <CreateRoomForm />
          <RoomList kind="private" empty="Você ainda não tem salas privadas." />
        </TabsContent>
        <TabsContent value="progress" className="grid gap-6">
          <div className="grid gap-2">
            <h2 className="font-semibold">Ofensivas em dupla</h2>
            <FriendStreaks />
          </div>
          <div className="grid gap-2">
            <h2 className="font-semibold">Liga da semana</h2>
            <WeekLeague />
          </div>
        </TabsContent>
      </Tabs>
    </Page>
  );
}
