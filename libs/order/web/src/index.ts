export { AdminOrdersPage, orderChangedMessage } from './lib/admin/AdminOrders.page';
export { ORDERS_PAGE_SIZE } from './lib/admin/order-list-params';
export { UserOrdersPage } from './lib/mine/UserOrders.page';
export { OrderReceipt, ReceiptContent, type OrderReceiptProps } from './lib/mine/OrderReceipt';
export { OrdersTable, OrderTime, type OrdersTableProps } from './lib/OrdersTable/OrdersTable';
export { OrderStatusBadge, PaymentBadge } from './lib/badges/OrderBadges';
export { orderNumber, paymentLabel, paymentMethodLabel, formatOrderDate, type PaymentLabel } from './lib/format/order-format';
export { CartPage } from './lib/cart/Cart.page';
export { CardPayment, type CardPaymentProps, type CardPayResult } from './lib/checkout/CardPayment';
