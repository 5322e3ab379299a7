// What other modules may import from the access-control module (modules/README.md): the question peer
// computation asks (may these two nodes be peers?) and the publisher interface the peer engine implements.
export type { PairAccess } from './access-models.ts';
export type { AccessPublisher } from './access.service.ts';
