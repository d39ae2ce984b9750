import { fileURLToPath } from 'node:url';

/**
 * The demo identity provider: the simulator serves these by default, and the portal's demo mode
 * starts it with them and writes the same credentials into the demo tenant's provider settings.
 * They live here, not in the simulator, because the portal never imports the simulator.
 *
 * Public on purpose: they only ever guard simulated people.
 */
export const DEMO_CREDENTIALS = {
  clientId: 'demo-client',
  clientSecret: 'demo-secret',
  aesKey: 'FW5xRDpt+vNk6osKJ3Flf9IvsM0DMGGBldmzsZJ9qvs=',
  iv: 'TbedZxc6IQj2YTDpeuqs+Q==',
} as const;

/**
 * The demo population (derived from examples/master-list.csv so the demo shows every outcome), in
 * the simulator's --people format.
 */
export const DEMO_POPULATION_FILE = fileURLToPath(
  new URL('../../../examples/sot-population.csv', import.meta.url),
);
