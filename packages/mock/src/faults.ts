/** A failure the fake platform produces on demand. */
export type Fault =
  /** Answer after a delay (the request is handled normally afterwards). */
  | {
      /** A late answer. */
      kind: 'latency';
      /** The delay, in milliseconds. */
      ms: number;
    }
  /** Answer with this status and the platform's error body. */
  | {
      /** An error answer. */
      kind: 'status';
      /** The HTTP status to answer. */
      status: number;
      /** The error body's `message`; the status's reason phrase by default. */
      message?: string;
    }
  /** 429 with the token's bucket empty (`Ratelimit-Remaining: 0`) until `resetInMs` from now. */
  | {
      /** An empty rate-limit bucket. */
      kind: 'rate-limit';
      /** When the bucket refills, in milliseconds from now. Default 1000. */
      resetInMs?: number;
    }
  /** 429 from an endpoint-specific limit: the token's bucket still has points. */
  | {
      /** An endpoint-specific limit reached. */
      kind: 'endpoint-limit';
    }
  /** Close the connection without answering. */
  | {
      /** A connection closed without an answer. */
      kind: 'reset';
    }
  /** Send the headers and part of the body, then close the connection. */
  | {
      /** An answer cut in the middle of its body. */
      kind: 'cut-body';
    }
  /** Never answer. */
  | {
      /** No answer at all. */
      kind: 'hang';
    }
  /** The token of the request has expired, now (the request then gets a 401). */
  | {
      /** The request's token expiring now. */
      kind: 'token-expiry';
    };

/** When a fault applies. */
export interface FaultRule {
  /**
   * `'GET /chat/chatters'` (a Helix route, path without `/helix`), `'POST /oauth2/token'` (an OAuth
   * route), `'helix'` or `'oauth'` (every route of one server), or `'*'` (every request). Default `'*'`.
   */
  route?: string;
  /** How many matching requests it applies to; every one when omitted. */
  times?: number;
  /** The failure to produce. */
  fault: Fault;
}

interface ActiveRule extends FaultRule {
  left: number;
}

/** The fault rules in force, consulted before each request. */
export class Faults {
  #rules: ActiveRule[] = [];

  add(rule: FaultRule): () => void {
    const active: ActiveRule = { ...rule, left: rule.times ?? Number.POSITIVE_INFINITY };
    this.#rules.push(active);
    return () => {
      this.#rules = this.#rules.filter((each) => each !== active);
    };
  }

  clear(): void {
    this.#rules = [];
  }

  /** The fault for a request, if a rule matches (it is used up once its `times` are spent). */
  take(server: 'helix' | 'oauth', method: string, path: string): Fault | undefined {
    const route = `${method} ${server === 'oauth' ? `/oauth2${path}` : path}`;
    for (const rule of this.#rules) {
      const pattern = rule.route ?? '*';
      if (pattern !== '*' && pattern !== server && pattern !== route) continue;
      if (rule.left <= 0) continue;
      rule.left--;
      if (rule.left <= 0) this.#rules = this.#rules.filter((each) => each !== rule);
      return rule.fault;
    }
    return undefined;
  }
}
