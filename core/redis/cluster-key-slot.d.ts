/** The cluster hash slot of a key, by Redis Cluster's rules (hash tags included). */
declare module 'cluster-key-slot' {
  export default function calculateSlot(key: string): number;
}
