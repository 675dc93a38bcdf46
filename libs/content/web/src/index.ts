export { AdminContentsPage, CONTENT_PAGE_SIZE } from './lib/pages/AdminContents.page';
export { ContentForm, type ContentFormProps } from './lib/ContentForm/ContentForm';
