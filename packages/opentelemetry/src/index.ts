export { instrumentPlatform, instrumentationScope, type PlatformInstrumentation, type PlatformInstrumentationOptions } from './instrument';
