import { toExtClient, type ApiExtClient, type ExtClient } from '@meshdeck/contracts';

/** A client as the tables list it: the contracts' ExtClient with the row id the list pattern needs. */
export interface ClientRow extends ExtClient {
  /** = clientId: unique server-wide (api-contract §5.7). */
  id: string;
}

/** Maps the wire ExtClient (api-contract §3.4) to a row. */
export const toClientRow = (wire: ApiExtClient): ClientRow => ({ ...toExtClient(wire), id: wire.clientid });
