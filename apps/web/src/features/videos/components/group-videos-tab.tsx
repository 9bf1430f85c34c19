// The group page's 'Vídeos' tab. The videos feature owns it and fills it in.

export function GroupVideosTab(_props: { groupId: string; isOwner: boolean }) {
  return (
    <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">Nenhum vídeo encontrado</p>
  );
}
