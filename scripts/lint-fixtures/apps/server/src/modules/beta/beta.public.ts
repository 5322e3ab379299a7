export interface BetaView {
  name: string;
}
