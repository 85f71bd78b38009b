export { createVirtualClock, type VirtualClock, type VirtualClockOptions } from './virtual-clock';
