import { joinRoomSchema } from '@estudai/contract';
import {
  type JoinRoomInput,
  ROOM_GOAL_MAX,
  ROOM_REACTION_LABELS,
  ROOM_REACTION_NAMES,
  ROOM_REACTIONS,
  type RoomDetail,
  type RoomReaction,
  SUBJECT_LABELS,
  SUBJECTS,
  type Subject,
} from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { EmptyText, ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input, inputClasses } from '../../../components/ui/input.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { bodyResolver, CHECKED_WHEN_SENT, firstErrorMessage } from '../../../lib/form.ts';
import { paths } from '../../../lib/paths.ts';
import { useRealtimeSocket } from '../../../lib/socket.ts';
import { finishStudyBlock, startStudyBlock, useFocusBlockHeartbeat } from '../../../lib/study-blocks.ts';
import { toast } from '../../../lib/toast.ts';
import { leaveRoom, roomKeys, sendReaction, type Timed, useJoinRoom, useRoom } from '../api/rooms.ts';
import { clockOffset, formatCountdown, msUntil, nextPhase } from '../room-clock.ts';

/** The shared countdown, on the server's clock through the measured offset. */
function SharedTimer({ room, offsetMs }: { room: RoomDetail; offsetMs: number }) {
  const [phase, setPhase] = useState({ phase: room.phase, phaseEndsAt: room.phaseEndsAt });
  const [left, setLeft] = useState(() => msUntil(room.phaseEndsAt, offsetMs));
  useEffect(
    () => setPhase({ phase: room.phase, phaseEndsAt: room.phaseEndsAt }),
    [room.phase, room.phaseEndsAt],
  );
  useEffect(() => {
    const tick = () => {
      const ms = msUntil(phase.phaseEndsAt, offsetMs);
      if (ms <= 0) setPhase(nextPhase(phase.phase, phase.phaseEndsAt, room.focusMinutes, room.breakMinutes));
      setLeft(ms);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [phase, offsetMs, room.focusMinutes, room.breakMinutes]);
  const label = phase.phase === 'focus' ? 'Foco' : 'Pausa';
  return (
    <Card padding="md" className="grid justify-items-center gap-1 text-center">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-300" data-testid="room-phase">
        {label}
      </p>
      <p
        className="font-mono text-5xl font-bold tabular-nums"
        role="timer"
        aria-label={`${label}: tempo restante`}
      >
        {formatCountdown(left)}
      </p>
      <p className="text-sm text-slate-500 dark:text-slate-400">
        Ciclo de {room.focusMinutes} min de foco e {room.breakMinutes} min de pausa, igual para todos na sala
      </p>
    </Card>
  );
}

interface JoinFields {
  subject: Subject | '';
  goal: string;
}

function JoinForm({ roomId }: { roomId: string }) {
  const join = useJoinRoom(roomId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<JoinFields, unknown, JoinRoomInput>({
    ...CHECKED_WHEN_SENT,
    defaultValues: { subject: '', goal: '' },
    resolver: bodyResolver(joinRoomSchema, (values: JoinFields) => ({
      subject: values.subject || null,
      goal: values.goal.trim() || null,
    })),
  });
  const submit = handleSubmit((input) => join.mutate(input));
  const error =
    firstErrorMessage(errors) ?? (join.error instanceof ApiError ? join.error.message : undefined);
  return (
    <Card padding="sm">
      <form onSubmit={submit} className="grid gap-3" aria-label="Entrar na sala" noValidate>
        <Field label="O que você vai estudar">
          {({ id }) => (
            <select id={id} className={inputClasses} {...register('subject')}>
              <option value="">Sem matéria</option>
              {SUBJECTS.map((value) => (
                <option key={value} value={value}>
                  {SUBJECT_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Meta (opcional)" hint={`Até ${ROOM_GOAL_MAX} caracteres`}>
          {({ id, hintId }) => (
            <Input
              id={id}
              aria-describedby={hintId}
              maxLength={ROOM_GOAL_MAX}
              placeholder="Ex.: 20 questões de funções"
              {...register('goal')}
            />
          )}
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <Button type="submit" disabled={join.isPending}>
          Entrar na sala
        </Button>
      </form>
    </Card>
  );
}

/** A personal focus block: a heartbeat every 30 s, saying whether the tab is visible. */
function FocusBlock({ roomId, subject }: { roomId: string; subject: Subject | null }) {
  const [block, setBlock] = useState<{ id: string; verified: number } | null>(null);
  const [result, setResult] = useState<number | null>(null);
  useFocusBlockHeartbeat(block?.id, {
    onVerified: (verified) => setBlock((current) => (current ? { ...current, verified } : current)),
    // Ended elsewhere (the solo timer started one: one block at a time) or stopped without a sign.
    onOver: () => setBlock(null),
  });
  const start = async () => {
    setResult(null);
    try {
      const started = await startStudyBlock(roomId, subject);
      setBlock({ id: started.id, verified: 0 });
    } catch (error) {
      toast({
        title: 'Erro',
        description: error instanceof Error ? error.message : '',
        variant: 'destructive',
      });
    }
  };
  const stop = async () => {
    if (!block) return;
    try {
      setResult(await finishStudyBlock(block.id));
    } finally {
      setBlock(null);
    }
  };
  return (
    <Card padding="sm" className="grid gap-2">
      <h2 className="font-semibold">Meu bloco de foco</h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Contam só os minutos com esta aba visível, ou com questões e revisões feitas durante o bloco.
      </p>
      {block ? (
        <>
          <p aria-live="polite">
            {block.verified} {block.verified === 1 ? 'minuto verificado' : 'minutos verificados'} até agora
          </p>
          <Button variant="outline" onClick={stop}>
            Encerrar bloco
          </Button>
        </>
      ) : (
        <Button onClick={start}>Começar bloco de foco</Button>
      )}
      {result !== null && (
        <p role="status">
          Bloco encerrado: {result} {result === 1 ? 'minuto verificado' : 'minutos verificados'}.
        </p>
      )}
    </Card>
  );
}

/** Merges a live presence update into the room as the cache holds it. */
function applyPresence(room: RoomDetail, joined: RoomDetail['present'], left: string[]): RoomDetail {
  const byId = new Map(room.present.map((person) => [person.userId, person]));
  for (const userId of left) byId.delete(userId);
  for (const person of joined)
    byId.set(person.userId, {
      ...byId.get(person.userId),
      ...person,
      goal: person.goal ?? byId.get(person.userId)?.goal ?? null,
    });
  const present = [...byId.values()];
  return { ...room, present, presentCount: present.length };
}

/** `/salas/:roomId`: the shared timer, who is here, cheers and a personal focus block. */
export function RoomPage() {
  const { roomId = '' } = useParams();
  const room = useRoom(roomId);
  const queryClient = useQueryClient();
  const socket = useRealtimeSocket();
  const navigate = useNavigate();
  const { user } = useAuth();
  const joined = room.data?.value.joined ?? false;

  useEffect(() => {
    if (!socket || !joined) return;
    const key = roomKeys.room(roomId);
    const update = (change: (room: RoomDetail) => RoomDetail) =>
      queryClient.setQueryData<Timed<RoomDetail>>(key, (old) =>
        old ? { ...old, value: change(old.value) } : old,
      );
    const enter = () => {
      const sentAt = Date.now();
      socket.emit('room:enter', roomId, (ack) => {
        if (!ack.ok) return;
        queryClient.setQueryData<Timed<RoomDetail>>(key, { value: ack.room, sentAt, receivedAt: Date.now() });
      });
    };
    const onPresence = (event: { roomId: string; joined: RoomDetail['present']; left: string[] }) => {
      if (event.roomId === roomId) update((current) => applyPresence(current, event.joined, event.left));
    };
    const onReaction = (event: RoomDetail['reactions'][number] & { roomId: string }) => {
      if (event.roomId === roomId)
        update((current) => ({ ...current, reactions: [event, ...current.reactions].slice(0, 20) }));
    };
    socket.on('room:presence', onPresence);
    socket.on('room:reaction', onReaction);
    socket.on('connect', enter);
    if (socket.connected) enter();
    return () => {
      socket.off('room:presence', onPresence);
      socket.off('room:reaction', onReaction);
      socket.off('connect', enter);
    };
  }, [socket, joined, roomId, queryClient]);

  if (room.isPending)
    return (
      <Page title="Sala de estudo" back={paths.rooms()}>
        <ListSkeleton label="Carregando sala" rows={3} />
      </Page>
    );
  if (room.isError)
    return (
      <Page title="Sala de estudo" back={paths.rooms()}>
        <ErrorState
          title="Não foi possível abrir a sala."
          error={room.error}
          onRetry={() => room.refetch()}
        />
      </Page>
    );

  const { value, sentAt, receivedAt } = room.data;
  const offsetMs = clockOffset(value.serverNow, sentAt, receivedAt);
  const mine = value.present.find((person) => person.userId === user?.id);
  const react = async (reaction: RoomReaction) => {
    try {
      await sendReaction(roomId, reaction);
    } catch (error) {
      toast({
        title: 'Reação não enviada',
        description: error instanceof Error ? error.message : '',
        variant: 'destructive',
      });
    }
  };
  const leave = async () => {
    socket?.emit('room:leave', roomId);
    await leaveRoom(roomId).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: roomKeys.all });
    navigate(paths.rooms());
  };

  return (
    <Page
      title={value.name}
      back={paths.rooms()}
      backViaHistory
      actions={
        value.joined ? (
          <Button variant="ghost" size="sm" onClick={leave}>
            Sair
          </Button>
        ) : undefined
      }
    >
      <SharedTimer room={value} offsetMs={offsetMs} />
      {!value.joined && <JoinForm roomId={roomId} />}
      <section aria-label="Quem está na sala" className="grid gap-2">
        <h2 className="font-semibold">Na sala agora ({value.present.length})</h2>
        {value.present.length === 0 ? (
          <EmptyText>Ninguém por aqui ainda. Entre e comece!</EmptyText>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {value.present.map((person) => (
              <li key={person.userId}>
                <Card padding="sm" className="flex items-center gap-3">
                  <UserAvatar name={person.firstName} src={person.avatar} size={10} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{person.firstName}</p>
                    <p className="truncate text-sm text-slate-600 dark:text-slate-300">
                      {[person.subject ? SUBJECT_LABELS[person.subject] : null, person.goal]
                        .filter(Boolean)
                        .join(' · ') || 'Estudando'}
                    </p>
                  </div>
                  <span className="text-sm text-slate-500 dark:text-slate-400">
                    {person.minutesToday} min hoje
                  </span>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      {value.joined && (
        <>
          <section aria-label="Reações" className="flex flex-wrap gap-2">
            {ROOM_REACTIONS.map((reaction) => (
              <Button
                key={reaction}
                variant="secondary"
                size="sm"
                aria-label={ROOM_REACTION_NAMES[reaction]}
                title={ROOM_REACTION_NAMES[reaction]}
                onClick={() => react(reaction)}
              >
                {ROOM_REACTION_LABELS[reaction]}
              </Button>
            ))}
          </section>
          {value.reactions.length > 0 && (
            <ul
              aria-label="Últimas reações"
              className="flex flex-wrap gap-2 text-sm text-slate-600 dark:text-slate-300"
            >
              {value.reactions.slice(0, 6).map((item) => (
                <li key={`${item.userId}-${item.at}`}>
                  {item.firstName}: {ROOM_REACTION_LABELS[item.reaction]}
                </li>
              ))}
            </ul>
          )}
          <FocusBlock roomId={roomId} subject={mine?.subject ?? null} />
        </>
      )}
    </Page>
  );
}
