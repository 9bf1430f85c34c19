import { useEffect, useRef } from 'react';
import { useRealtimeSocket } from '../../../lib/socket.ts';

/**
 * Follows 'N pessoas fazendo agora' of the given simulados: asks the server to watch each (again
 * after a reconnect, when the rooms are gone) and reports every count it sends.
 */
export function useSimuladoLiveCounts(
  simuladoIds: string[],
  onCount: (simuladoId: string, inProgress: number) => void,
) {
  const socket = useRealtimeSocket();
  const latest = useRef(onCount);
  latest.current = onCount;
  const idsKey = simuladoIds.join(',');

  useEffect(() => {
    if (!socket || !idsKey) return;
    const ids = idsKey.split(',');
    const watchAll = () => {
      for (const id of ids) {
        socket.emit('simulado:watch', id, (result) => {
          if (result.ok) latest.current(id, result.inProgress);
        });
      }
    };
    const handleLive = ({ simuladoId, inProgress }: { simuladoId: string; inProgress: number }) => {
      if (ids.includes(simuladoId)) latest.current(simuladoId, inProgress);
    };
    socket.on('simulado:live', handleLive);
    socket.on('connect', watchAll);
    if (socket.connected) watchAll();
    return () => {
      socket.off('simulado:live', handleLive);
      socket.off('connect', watchAll);
      for (const id of ids) socket.emit('simulado:unwatch', id);
    };
  }, [socket, idsKey]);
}
