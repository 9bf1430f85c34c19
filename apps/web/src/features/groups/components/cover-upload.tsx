import { UploadImageButton } from '../../../components/upload-image-button.tsx';

/** 'Enviar do aparelho': the group's cover from a photo of the device (POST /api/media, group_cover). */
export function CoverUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  return (
    <UploadImageButton purpose="group_cover" label="Enviar imagem do aparelho" onUploaded={onUploaded} />
  );
}
