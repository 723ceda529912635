// E-mails to providers' contact addresses (README.md): queued with the change they tell of, sent after it.
export { deliverNotifications, deliverNotificationsWithin, kickNotifications, startNotificationLoop, stopNotificationLoop } from './deliver';
export { approvedMessage, changedMessage, movedMessage, rejectedMessage, sourceDownMessage, withdrawnMessage } from './messages';
export { contactOf, enqueueNotification, listNotifications } from './outbox';
