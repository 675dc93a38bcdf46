export { AdminMessagesPage, MESSAGE_PAGE_SIZE } from './lib/pages/AdminMessages.page';
