// The configuration object existing users of the established SDK construct clients with.

export interface ConfigurationParameters {
  apiKey?: string;
  basePath?: string;
  baseOptions?: { headers?: Record<string, unknown>; timeout?: number; [key: string]: unknown };
}

export class Configuration {
  apiKey?: string;
  basePath?: string;
  baseOptions?: ConfigurationParameters['baseOptions'];

  constructor(params: ConfigurationParameters = {}) {
    this.apiKey = params.apiKey;
    this.basePath = params.basePath;
    this.baseOptions = params.baseOptions;
  }
}
