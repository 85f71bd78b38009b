export { createVirtualClock, type VirtualClock, type VirtualClockOptions } from './virtual-clock';
export { createFetchStub, type SeenRequest, type StubReply } from './fetch-stub';
