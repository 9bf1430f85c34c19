import type { UserProfile } from '@estudai/contract/constants';
import { MessageCircle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useOpenChat } from '../api/open-chat.ts';

/** 'Mensagem' on the profile of a mutual follower (the server checks it again): opens the chat with them. */
export function MessageButton({ profile }: { profile: UserProfile }) {
  const navigate = useNavigate();
  const open = useOpenChat();
  if (profile.isOwnProfile || !profile.isFollowing || !profile.followsYou) return null;
  const handleClick = () =>
    open.mutate(profile.id, {
      onSuccess: (conversation) => navigate(paths.chat(conversation.id)),
      onError: (error) =>
        toast({
          title: 'Não foi possível abrir a conversa',
          description: error.message,
          variant: 'destructive',
        }),
    });
  return (
    <Button variant="outline" size="sm" disabled={open.isPending} onClick={handleClick}>
      <MessageCircle className="size-4" aria-hidden />
      Mensagem
    </Button>
  );
}
