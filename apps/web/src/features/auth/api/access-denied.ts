/** The credentials were right but the platform role has deny_dashboard_access. */
export class DashboardAccessDeniedError extends Error {
  constructor() {
    super('dashboard access denied');
    this.name = 'DashboardAccessDeniedError';
  }
}
