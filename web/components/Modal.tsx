export { Dialog as Modal } from '../ui/Dialog';
