import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import {
  currentSubscription,
  isPushSupported,
  saveSubscription,
  subscribeDevice,
  unsubscribeDevice,
} from './web-push.ts';

export type PushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

const initialState = (): PushState => {
  if (!isPushSupported()) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'checking';
};

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Tente novamente em alguns instantes.';

/** The 'Notificações no celular' switch: what this device does now, and the way to change it. */
export function usePushSwitch() {
  const [state, setState] = useState<PushState>(initialState);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (initialState() !== 'checking') return;
    let cancelled = false;
    currentSubscription()
      .then((subscription) => {
        if (cancelled) return;
        setState(subscription ? 'on' : 'off');
        // The device may have been subscribed by whoever used it before: it now belongs to this user.
        if (subscription && Notification.permission === 'granted') {
          void saveSubscription(subscription).catch(() => undefined);
        }
      })
      .catch(() => {
        if (!cancelled) setState('off');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const enable = useCallback(async () => {
    const permission = await Notification.requestPermission();
    if (permission === 'denied') return setState('denied');
    if (permission !== 'granted') return;
    try {
      const message = await subscribeDevice();
      setState('on');
      toast({ title: message });
    } catch (error) {
      toast({
        title: 'Erro ao ativar notificações',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  }, []);

  const disable = useCallback(async () => {
    try {
      await unsubscribeDevice();
      setState('off');
    } catch (error) {
      toast({
        title: 'Erro ao desativar notificações',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  }, []);

  const toggle = useCallback(async () => {
    if (isBusy || (state !== 'on' && state !== 'off')) return;
    setIsBusy(true);
    try {
      await (state === 'on' ? disable() : enable());
    } finally {
      setIsBusy(false);
    }
  }, [isBusy, state, enable, disable]);

  return { state, isBusy, toggle };
}
