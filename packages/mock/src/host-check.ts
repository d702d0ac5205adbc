// The first handler of the front: a request is answered only under a loopback name or the host the mock was
// bound to (the core's `isAllowedHost`). A web page of another site can point a name of its own at 127.0.0.1
// and have the developer's browser send it requests (DNS rebinding); those carry that name in `Host`, and are
// refused before anything reads them.
import { isAllowedHost, PROBLEMS, problemAnswer, quoted } from '@trading-analytics/core';
import { writeAnswer } from './answer.js';
import type { Handler } from './front.js';

/** @param boundHost the address the mock listens on (`startMock`'s `host`) */
export function createHostCheck(boundHost: string): Handler {
  return function hostCheck(request, response) {
    const { host } = request.headers;
    if (isAllowedHost(host, boundHost)) return false;
    const detail = `Host ${quoted(String(host ?? '(none)'))} is not a loopback name (localhost, 127.0.0.1, [::1]) or the address the mock listens on (${boundHost}): the mock answers no other name, so that a web page cannot reach it through a name of its own pointed at this machine (DNS rebinding).`;
    writeAnswer(response, problemAnswer(PROBLEMS.hostNotAllowed, 421, detail));
    return true;
  };
}
