export { resizeImage, fitWithin, type ResizeBox } from './lib/resize-image';
export {
  uploadImage,
  uploadLeadPhoto,
  LEAD_PHOTO_UPLOAD_URL,
  deleteUnattachedImage,
  UploadError,
  MEDIA_UPLOAD_URL,
  type UploadImage,
  type UploadOptions,
  type UploadedImage,
} from './lib/upload-image';
export {
  useImageUploads,
  UPLOAD_ERROR_MESSAGE,
  UPLOAD_CONCURRENCY,
  type ImageKind,
  type ImageUploads,
  type ImageUploadsOptions,
  type UploadItem,
} from './lib/use-image-uploads';
export { usePendingRemovals, type PendingRemovals } from './lib/use-pending-removals';
export { fetchSpinVideoStatus, uploadSpinVideo, PICKABLE_VIDEO_TYPES, SPIN_VIDEO_URL } from './lib/spin-video';
export {
  ImageUploader,
  FailedUploadsWarning,
  failedUploadsMessage,
  UPLOADING_MESSAGE,
  PICKABLE_IMAGE_TYPES,
  type ImageUploaderProps,
} from './lib/ImageUploader/ImageUploader';
export { openPrivateDocument, PRIVATE_DOCUMENT_TYPES, type PrivateDocumentRef, uploadPrivateDocument } from './lib/private-document';
