// 2.44's table, its own chunk: the explorer's first load carries only the default generation's (3.x).
export { allOperations as operations244 } from '@castkit/sdk/2.x';
