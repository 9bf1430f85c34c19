import { GROUP_MESSAGES } from '@estudai/contract/constants';
import { Eye, EyeOff, Lock, LockOpen, Shield, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { type ForumModeration, useModerateForum } from '../api/forum-moderate.ts';

type Target =
  | { kind: 'topic'; topicId: string; isClosed: boolean; isHidden: boolean }
  | { kind: 'comment'; topicId: string; commentId: string; isHidden: boolean };

/**
 * 'Moderar': the owner's and co-teachers' actions on a topic (close or reopen, hide or show,
 * delete) or a reply (hide or show, delete), opened from one button; delete asks first.
 */
export function ModerationMenu({
  groupId,
  target,
  label,
}: {
  groupId: string;
  target: Target;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const moderate = useModerateForum(groupId);
  const menuId = useId();

  const run = (step: ForumModeration, done: string) =>
    moderate.mutate(step, {
      onSuccess: () => {
        setOpen(false);
        setConfirming(false);
        toast({ title: done });
      },
    });
  const hide = () =>
    run(
      target.kind === 'topic'
        ? { kind: 'hide-topic', topicId: target.topicId, isHidden: !target.isHidden }
        : {
            kind: 'hide-comment',
            topicId: target.topicId,
            commentId: target.commentId,
            isHidden: !target.isHidden,
          },
      target.isHidden ? GROUP_MESSAGES.contentShownToast : GROUP_MESSAGES.contentHiddenToast,
    );
  const remove = () =>
    run(
      target.kind === 'topic'
        ? { kind: 'delete-topic', topicId: target.topicId }
        : { kind: 'delete-comment', topicId: target.topicId, commentId: target.commentId },
      GROUP_MESSAGES.contentDeletedToast,
    );

  return (
    <div className="relative z-10 grid justify-items-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => setOpen((value) => !value)}
      >
        <Shield className="size-4" aria-hidden />
        {GROUP_MESSAGES.moderationActions}
      </Button>
      {open && (
        <fieldset
          id={menuId}
          aria-label={label}
          className="m-0 flex min-w-0 flex-wrap justify-end gap-1 border-0 p-0"
        >
          {target.kind === 'topic' && (
            <Button
              variant="outline"
              size="sm"
              disabled={moderate.isPending}
              onClick={() =>
                run(
                  { kind: 'close-topic', topicId: target.topicId, isClosed: !target.isClosed },
                  target.isClosed ? GROUP_MESSAGES.topicReopenedToast : GROUP_MESSAGES.topicClosedToast,
                )
              }
            >
              {target.isClosed ? (
                <LockOpen className="size-4" aria-hidden />
              ) : (
                <Lock className="size-4" aria-hidden />
              )}
              {target.isClosed ? GROUP_MESSAGES.topicReopen : GROUP_MESSAGES.topicClose}
            </Button>
          )}
          <Button variant="outline" size="sm" disabled={moderate.isPending} onClick={hide}>
            {target.isHidden ? (
              <Eye className="size-4" aria-hidden />
            ) : (
              <EyeOff className="size-4" aria-hidden />
            )}
            {target.isHidden ? GROUP_MESSAGES.contentShow : GROUP_MESSAGES.contentHide}
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-red-700 dark:text-red-300"
            onClick={() => setConfirming(true)}
          >
            <Trash2 className="size-4" aria-hidden />
            {GROUP_MESSAGES.contentDelete}
          </Button>
        </fieldset>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={
          target.kind === 'topic'
            ? GROUP_MESSAGES.topicDeleteConfirmTitle
            : GROUP_MESSAGES.commentDeleteConfirmTitle
        }
        description={GROUP_MESSAGES.contentDeleteConfirm}
        confirmLabel={GROUP_MESSAGES.contentDelete}
        pendingLabel="Excluindo..."
        isPending={moderate.isPending}
        destructive
        onConfirm={remove}
      />
    </div>
  );
}
