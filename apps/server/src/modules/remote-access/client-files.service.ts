import QRCode from 'qrcode';
import { badRequest, forbidden } from '../../lib/api-error.ts';
import { buildClientConfig } from './client-config.ts';
import { seesPrivateKey, type Caller, type ExtClientsService } from './ext-clients.service.ts';
import { allowedEndpoints } from './gateway-context.ts';
import type { GatewayDirectory } from './gateway-directory.ts';

/** Side of the QR image in pixels (api-contract §2.7). */
export const QR_SIZE_PX = 220;

/** A client's downloadable forms: the wg-quick file and the QR code (api-contract §2.7, §5.6). */
export class ClientFilesService {
  constructor(
    private readonly clients: ExtClientsService,
    private readonly gateways: GatewayDirectory,
  ) {}

  /** The config text; `withScripts` false for the QR variant. 400 when `preferredIp` is not the gateway's. */
  async config(
    netid: string,
    clientId: string,
    caller: Caller,
    withScripts: boolean,
    preferredIp?: string,
  ): Promise<string> {
    const row = await this.clients.require(netid, clientId, caller);
    if (!seesPrivateKey(row, caller))
      throw forbidden('access denied: only the owner or a network admin may download a client config');
    const gw = await this.gateways.context(row.gateway_node_id);
    if (!gw) throw badRequest(`the gateway of client ${clientId} no longer exists`);
    if (preferredIp) {
      const allowed = allowedEndpoints(gw);
      if (!allowed.includes(preferredIp)) {
        throw badRequest(
          `preferredip ${preferredIp} is not one of the gateway's endpoint IPs (${allowed.join(', ') || 'none known yet'})`,
        );
      }
    }
    return buildClientConfig(row, gw, { withScripts, preferredIp });
  }

  /** The QR PNG of the config without PostUp / PostDown. */
  async qr(netid: string, clientId: string, caller: Caller, preferredIp?: string): Promise<Buffer> {
    const text = await this.config(netid, clientId, caller, false, preferredIp);
    return QRCode.toBuffer(text, { type: 'png', width: QR_SIZE_PX, errorCorrectionLevel: 'M' });
  }
}
