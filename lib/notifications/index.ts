// E-mails to providers' contact addresses (README.md): queued with the change they tell of, sent after it.
export { deliverNotifications, kickNotifications, startNotificationLoop, stopNotificationLoop } from './deliver';
export { approvedMessage, changedMessage, movedMessage, rejectedMessage, withdrawnMessage } from './messages';
export { notifyLongOutages, OUTAGE_NOTICE_MINUTES } from './outages';
export { contactOf, enqueueNotification, listNotifications, type NotificationKind } from './outbox';
