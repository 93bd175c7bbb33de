/**
 * Resolves in a task of its own (a message to itself): the browser can take input and paint
 * between what came before and what follows, which would otherwise be one long task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
