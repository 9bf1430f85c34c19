import { VIDEO_MESSAGES } from '@estudai/contract/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';

/** Asks before a video is deleted: that cannot be undone. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  isPending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={VIDEO_MESSAGES.deleteConfirmTitle} description={VIDEO_MESSAGES.deleteConfirm}>
        <div className="flex gap-2 p-5">
          <Button variant="outline" className="flex-1" onClick={() => onOpenChange(false)}>
            {VIDEO_MESSAGES.cancel}
          </Button>
          <Button variant="destructive" className="flex-1" disabled={isPending} onClick={onConfirm}>
            {isPending ? 'Excluindo...' : VIDEO_MESSAGES.delete}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
