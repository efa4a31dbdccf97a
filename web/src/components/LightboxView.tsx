// Full-size view of a trip screenshot: closes on the button, Escape, the backdrop, or a load error.
// Loaded when first opened (Lightbox.tsx).
import type { ImageRef } from '#protocol/shapes.ts';
import { Modal } from './Modal.tsx';
import { imageUrl } from '#protocol/uploads.ts';

export default function LightboxView({ image, onClose }: { image: ImageRef; onClose: () => void }) {
  return (
    <Modal title={image.originalName || 'Trip screenshot'} onClose={onClose} size="full" className="lightbox">
      <img className="lightbox-image" src={imageUrl(image.filename)} alt={image.originalName || 'Trip screenshot'} onError={onClose} />
    </Modal>
  );
}
