import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/** Chrome's install offer (not in every browser's typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Where the browser offers to install the app (Chrome, Edge), one tap does it. */
export function InstallButton() {
  const [offer, setOffer] = useState<InstallPromptEvent | null>(null);
  useEffect(() => {
    const handleOffer = (event: Event) => {
      event.preventDefault();
      setOffer(event as InstallPromptEvent);
    };
    const handleInstalled = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', handleOffer);
    window.addEventListener('appinstalled', handleInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', handleOffer);
      window.removeEventListener('appinstalled', handleInstalled);
    };
  }, []);
  if (!offer) return null;
  return (
    <Button
      size="lg"
      className="mx-auto mt-2"
      onClick={async () => {
        await offer.prompt();
        await offer.userChoice;
        setOffer(null);
      }}
    >
      <Download className="size-5" aria-hidden />
      Instalar agora
    </Button>
  );
}
