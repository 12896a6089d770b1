// Azure Blob Storage, for the parents' photos (server/uploads/storage.ts) and the backups
// (server/backup/backup.ts). The client is loaded when first used: most schools keep both on disk,
// and importing it was a fifth of the server's start-up.
import type { ContainerClient } from '@azure/storage-blob';

export async function azureContainerClient(
  connectionString: string,
  container: string,
): Promise<ContainerClient> {
  const { BlobServiceClient } = await import('@azure/storage-blob');
  return BlobServiceClient.fromConnectionString(connectionString).getContainerClient(container);
}
