import type { SimuladoProgress, SimuladoProgressEvent } from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtimeSocket } from '../../../lib/socket.ts';
import { simuladoKeys } from '../api/simulado-keys.ts';

/** Applies one `simulado:progress` event to the organizer's list (a new participant joins it). */
function applyProgressEvent(progress: SimuladoProgress, event: SimuladoProgressEvent): SimuladoProgress {
  const known = progress.participants.some((participant) => participant.userId === event.userId);
  const participants = known
    ? progress.participants.map((participant) =>
        participant.userId === event.userId
          ? { ...participant, answered: event.answered, total: event.total, finished: event.finished }
          : participant,
      )
    : [
        ...progress.participants,
        {
          userId: event.userId,
          displayName: event.displayName,
          answered: event.answered,
          total: event.total,
          finished: event.finished,
          startedAt: new Date().toISOString(),
          endsAt: new Date().toISOString(),
          finishedAt: null,
        },
      ];
  return {
    ...progress,
    participants,
    inProgress: participants.filter((participant) => !participant.finished).length,
  };
}

/** The organizer's screen: each `simulado:progress` for this simulado updates the list in place. */
export function useProgressLive(simuladoId: string, enabled: boolean) {
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket || !enabled) return;
    const key = simuladoKeys.progress(simuladoId);
    const handleProgress = (event: SimuladoProgressEvent) => {
      if (event.simuladoId !== simuladoId) return;
      const current = queryClient.getQueryData<SimuladoProgress>(key);
      if (current) queryClient.setQueryData(key, applyProgressEvent(current, event));
      else void queryClient.invalidateQueries({ queryKey: key });
    };
    // After a drop, events were missed: the list is asked again.
    const handleConnect = () => void queryClient.invalidateQueries({ queryKey: key });
    socket.on('simulado:progress', handleProgress);
    socket.on('connect', handleConnect);
    return () => {
      socket.off('simulado:progress', handleProgress);
      socket.off('connect', handleConnect);
    };
  }, [socket, enabled, simuladoId, queryClient]);
}
